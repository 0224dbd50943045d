import { describe, expect, it, vi } from 'vitest';

vi.mock('../api/studio-client', () => ({ studioCall: vi.fn() }));
import { isWholeClassName } from './class-css-prefetch';

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
    const { studioCall } = await import('../api/studio-client');
    const { prefetchClassCss, settledClassCss } = await import('./class-css-prefetch');
    const call = vi.mocked(studioCall);
    let answer!: (value: { css: string }) => void;
    call.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve as typeof answer)));
    const pending = prefetchClassCss('text-[#c80000]');
    expect(settledClassCss('text-[#c80000]')).toBeNull();
    answer({ css: '.text-\\[\\#c80000\\] { color: #c80000; }' });
    await pending;
    await Promise.resolve();
    expect(settledClassCss(' text-[#c80000] ')).toBe('.text-\\[\\#c80000\\] { color: #c80000; }');
    call.mockRejectedValueOnce(new Error('offline'));
    await prefetchClassCss('p-[3px]');
    await Promise.resolve();
    expect(settledClassCss('p-[3px]')).toBeNull();
    expect(call).toHaveBeenCalledTimes(2);
  });
});
