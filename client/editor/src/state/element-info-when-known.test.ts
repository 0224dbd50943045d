import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ElementSourceInfo } from '@contracts/studio-api.js';
import { useEditorStore } from './editor-store';
import { elementInfoWhenKnown } from './element-info-when-known';

const info = { file: 'src/app.tsx', tagName: 'p' } as ElementSourceInfo;
const initial = useEditorStore.getState();

afterEach(() => {
  useEditorStore.setState(initial, true);
  vi.useRealTimers();
});

describe('an element’s facts for a key pressed right after the frame showed it', () => {
  it('answers at once when the editor knows the element', async () => {
    useEditorStore.getState().mergeElementInfo({ a: info });
    await expect(elementInfoWhenKnown('a')).resolves.toBe(info);
  });

  it('waits for a lookup in flight and answers when it comes in', async () => {
    const answer = elementInfoWhenKnown('b');
    useEditorStore.getState().mergeElementInfo({ b: info });
    await expect(answer).resolves.toBe(info);
  });

  it('answers null when the server finds no source, and when nothing comes in time', async () => {
    const without = elementInfoWhenKnown('c');
    useEditorStore.getState().markWithoutSource(['c']);
    await expect(without).resolves.toBeNull();
    vi.useFakeTimers();
    const never = elementInfoWhenKnown('d', 1_000);
    vi.advanceTimersByTime(1_000);
    await expect(never).resolves.toBeNull();
  });
});
