import { describe, expect, it, vi } from 'vitest';
import type { StudioServer } from './studio-client';
import { isWholeClassName, TailwindClasses } from './tailwind-classes';

describe('which typed names are worth asking the CSS of', () => {
  const known = new Set(['p-4', 'bg-emerald-700', 'uppercase']);
  it('takes classes the project lists and closed arbitrary values', () => {
    expect(isWholeClassName('bg-emerald-700', known)).toBe(true);
    expect(isWholeClassName('text-[#c80000]', known)).toBe(true);
    expect(isWholeClassName('w-[12px]', known)).toBe(true);
  });
  it('leaves out names typed on the way', () => {
    expect(isWholeClassName('bg-emer', known)).toBe(false);
    expect(isWholeClassName('text-[#c8', known)).toBe(false);
    expect(isWholeClassName('text-[', known)).toBe(false);
  });
});

describe('the CSS asked for while typing', () => {
  it('is read without waiting once answered, and is null before and after a failure', async () => {
    const call = vi.fn();
    const tailwind = new TailwindClasses({ call: call as StudioServer['call'] });
    let answer!: (value: { css: string }) => void;
    call.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve as typeof answer)));
    const pending = tailwind.prefetchCss('text-[#c80000]');
    expect(tailwind.settledCss('text-[#c80000]')).toBeNull();
    answer({ css: '.text-\\[\\#c80000\\] { color: #c80000; }' });
    await pending;
    await Promise.resolve();
    expect(tailwind.settledCss(' text-[#c80000] ')).toBe('.text-\\[\\#c80000\\] { color: #c80000; }');
    call.mockRejectedValueOnce(new Error('offline'));
    await tailwind.prefetchCss('p-[3px]');
    await Promise.resolve();
    expect(tailwind.settledCss('p-[3px]')).toBeNull();
    expect(call).toHaveBeenCalledTimes(2);
  });

  it('is asked once per class, while the same class is typed again', async () => {
    const call = vi.fn().mockResolvedValue({ css: '.p-4 { padding: 1rem; }' });
    const tailwind = new TailwindClasses({ call: call as StudioServer['call'] });
    await Promise.all([tailwind.prefetchCss('p-4'), tailwind.prefetchCss('p-4 ')]);
    expect(call).toHaveBeenCalledTimes(1);
  });
});

describe('the class vocabulary', () => {
  it('is asked once, and again after a failure', async () => {
    const call = vi.fn().mockRejectedValueOnce(new Error('restarting')).mockResolvedValue({ classes: ['p-4'] });
    const tailwind = new TailwindClasses({ call: call as StudioServer['call'] });
    await expect(tailwind.vocabulary()).rejects.toThrow('restarting');
    expect(await tailwind.vocabulary()).toEqual(['p-4']);
    expect(await tailwind.vocabulary()).toEqual(['p-4']);
    expect(call).toHaveBeenCalledTimes(2);
  });
});
