import { compressToBase64, compressToEncodedURIComponent } from 'lz-string';
import { describe, expect, it } from 'vitest';
import { decompressArgs, isFromParent, readIncomingMessage } from './incoming-message.js';

describe('readIncomingMessage', () => {
  it('ignores messages without an id or a payload, and non-objects', () => {
    expect(readIncomingMessage(null)).toBeNull();
    expect(readIncomingMessage('hello')).toBeNull();
    expect(readIncomingMessage({ type: 'executeFunction', payload: { functionName: 'refresh' } })).toBeNull();
    expect(readIncomingMessage({ id: '1', type: 'executeFunction' })).toBeNull();
    expect(readIncomingMessage({ id: '', type: 'executeFunction', payload: { functionName: 'refresh' } })).toBeNull();
    expect(readIncomingMessage({ id: '1', type: 'somethingElse', payload: {} })).toBeNull();
  });

  it('reads an executeFunction with plain args', () => {
    expect(
      readIncomingMessage({ id: 7, type: 'executeFunction', payload: { functionName: 'setZoomPerc', args: { zoomPerc: 0.5 } } }),
    ).toEqual({ kind: 'execute', id: '7', functionName: 'setZoomPerc', args: { zoomPerc: 0.5 } });
  });

  it('decompresses compressedArgs with lz-string', () => {
    const args = { changeItem: { id: 'c1', type: 'ADD_CLASS', changeFields: { className: 'p-4' } } };
    for (const compressed of [compressToEncodedURIComponent(JSON.stringify(args)), compressToBase64(JSON.stringify(args))]) {
      expect(
        readIncomingMessage({
          id: 'a',
          type: 'executeFunction',
          payload: { functionName: 'applyChangeItemToDocument', compressedArgs: compressed },
        }),
      ).toEqual({ kind: 'execute', id: 'a', functionName: 'applyChangeItemToDocument', args });
    }
    expect(() => decompressArgs('not lz at all')).toThrow('could not be decompressed');
  });

  it('reports an unknown function and bad args instead of running anything', () => {
    expect(readIncomingMessage({ id: '1', type: 'executeFunction', payload: { functionName: 'rmRf' } })).toEqual({
      kind: 'unknownFunction',
      id: '1',
      functionName: 'rmRf',
    });
    expect(readIncomingMessage({ id: '1', type: 'executeFunction', payload: { functionName: 'refresh', args: [1] } })).toMatchObject({
      kind: 'badArgs',
    });
  });

  it('reads inspectElement and GET_STATE_AND_PROPS', () => {
    expect(readIncomingMessage({ id: '1', type: 'inspectElement', payload: { componentName: 'Card' } })).toEqual({
      kind: 'inspect',
      id: '1',
      payload: { componentName: 'Card' },
    });
    expect(readIncomingMessage({ id: '1', type: 'GET_STATE_AND_PROPS', payload: { componentName: 'Card' } })).toEqual({
      kind: 'stateAndProps',
      id: '1',
      componentName: 'Card',
    });
    expect(readIncomingMessage({ id: '1', type: 'GET_STATE_AND_PROPS', payload: {} })).toBeNull();
  });
});

describe('isFromParent', () => {
  it('needs both the parent window and its exact origin', () => {
    const parent = {};
    expect(isFromParent(parent, 'http://127.0.0.1:4600', parent, 'http://127.0.0.1:4600')).toBe(true);
    expect(isFromParent({}, 'http://127.0.0.1:4600', parent, 'http://127.0.0.1:4600')).toBe(false);
    expect(isFromParent(parent, 'http://localhost:4600', parent, 'http://127.0.0.1:4600')).toBe(false);
  });
});
