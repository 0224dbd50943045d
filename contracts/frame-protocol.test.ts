import { describe, expect, expectTypeOf, it } from 'vitest';
import { CHANGE_TYPES } from './change-kinds.js';
import {
  elementKeyOf,
  remapElementKey,
  FRAME_FUNCTION_NAMES,
  parseElementKey,
  type FrameChangeType,
  type FrameFunctionHandlers,
  type FrameFunctionName,
  type FrameToParentMessage,
} from './frame-protocol.js';

describe('frame protocol', () => {
  it('lists the 39 callable functions, each once', () => {
    expect(FRAME_FUNCTION_NAMES).toHaveLength(39);
    expect(new Set(FRAME_FUNCTION_NAMES).size).toBe(39);
    expectTypeOf<(typeof FRAME_FUNCTION_NAMES)[number]>().toEqualTypeOf<FrameFunctionName>();
  });

  it('uses the change types of the engine contract', () => {
    expectTypeOf<FrameChangeType>().toEqualTypeOf<(typeof CHANGE_TYPES)[number]>();
  });

  it('a handler table without one of the functions does not compile', () => {
    const partial = { initProject: () => ({ storyboardId: 's', canvasId: null }) };
    // @ts-expect-error every function of the map must be handled
    const table: FrameFunctionHandlers = partial;
    expect(Object.keys(table)).toEqual(['initProject']);
  });

  it('types each frame message payload by its type', () => {
    const message: FrameToParentMessage = { type: 'HOVERED_ELEMENT_KEY', payload: { elementKey: null } };
    expect(message.type).toBe('HOVERED_ELEMENT_KEY');
    // @ts-expect-error a payload of another message type is refused
    const wrong: FrameToParentMessage = { type: 'HOVERED_ELEMENT_KEY', payload: { elementKeys: [] } };
    expect(wrong).toBeDefined();
  });

  it('builds and parses element keys from the three identity parts', () => {
    const element = { codebaseId: 'tempo-3b1f9f7e-1c2d-5e3f-8a4b-5c6d7e8f9a0b', storyboardId: 'sb_1', uniquePath: '0-2-1' };
    const key = elementKeyOf(element);
    expect(key).toBe('tempo-3b1f9f7e-1c2d-5e3f-8a4b-5c6d7e8f9a0b|sb_1|0-2-1');
    expect(parseElementKey(key)).toEqual(element);
    expect(parseElementKey('a|b')).toBeNull();
    expect(parseElementKey('a|b|1-2')).toBeNull();
    expect(parseElementKey('a||0')).toBeNull();
  });
});

describe('remapElementKey', () => {
  it('renames the codebase id of a key the map names, and keeps any other key (or text that is no key)', () => {
    const key = elementKeyOf({ codebaseId: 'tempo-a', storyboardId: 'console', uniquePath: '0-2' });
    expect(remapElementKey(key, { 'tempo-a': 'tempo-b' })).toBe('tempo-b|console|0-2');
    expect(remapElementKey(key, { 'tempo-c': 'tempo-d' })).toBe(key);
    expect(remapElementKey(key, { toString: 'x' } as Record<string, string>)).toBe(key);
    expect(remapElementKey('not a key', { 'not a key': 'x' })).toBe('not a key');
  });
});
