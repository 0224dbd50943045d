/**
 * Reading a message from the parent: only from the expected window and origin; messages without a
 * payload or an id are ignored; `compressedArgs` are the lz-string-compressed JSON of the arguments.
 * See docs/editor.md#delivery-and-checks.
 */
import { decompressFromBase64, decompressFromEncodedURIComponent, decompressFromUTF16, decompress } from 'lz-string';
import {
  FRAME_FUNCTION_NAMES,
  type FrameFunctionName,
  type InspectElementPayload,
} from '@contracts/frame-protocol.js';

export type IncomingRequest =
  | { kind: 'execute'; id: string; functionName: FrameFunctionName; args: unknown }
  | { kind: 'unknownFunction'; id: string; functionName: string }
  | { kind: 'badArgs'; id: string; functionName: string; error: string }
  | { kind: 'inspect'; id: string; payload: InspectElementPayload }
  | { kind: 'stateAndProps'; id: string; componentName: string };

/** The lz-string encodings a parent may have used; the first one that yields JSON wins. */
const DECOMPRESSORS = [decompressFromEncodedURIComponent, decompressFromBase64, decompressFromUTF16, decompress];

export function decompressArgs(compressed: string): unknown {
  for (const decompressor of DECOMPRESSORS) {
    let text: string | null = null;
    try {
      text = decompressor(compressed);
    } catch {
      text = null;
    }
    if (!text) continue;
    try {
      return JSON.parse(text) as unknown;
    } catch {
      // not this encoding
    }
  }
  throw new Error('compressedArgs could not be decompressed');
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function isFrameFunctionName(name: string): name is FrameFunctionName {
  return (FRAME_FUNCTION_NAMES as readonly string[]).includes(name);
}

/** Null for anything to ignore: not an object, no id, no payload, or a type this frame does not take. */
export function readIncomingMessage(data: unknown): IncomingRequest | null {
  if (!isRecord(data)) return null;
  const { id, type, payload } = data;
  if ((typeof id !== 'string' && typeof id !== 'number') || id === '' || !isRecord(payload)) return null;
  const requestId = String(id);

  if (type === 'executeFunction') {
    const functionName = payload.functionName;
    if (typeof functionName !== 'string') return null;
    if (!isFrameFunctionName(functionName)) return { kind: 'unknownFunction', id: requestId, functionName };
    let args: unknown = payload.args ?? {};
    if (typeof payload.compressedArgs === 'string') {
      try {
        args = decompressArgs(payload.compressedArgs);
      } catch (error) {
        return { kind: 'badArgs', id: requestId, functionName, error: (error as Error).message };
      }
    }
    if (!isRecord(args)) return { kind: 'badArgs', id: requestId, functionName, error: 'args must be an object' };
    return { kind: 'execute', id: requestId, functionName, args };
  }
  if (type === 'inspectElement') return { kind: 'inspect', id: requestId, payload: payload as InspectElementPayload };
  if (type === 'GET_STATE_AND_PROPS') {
    return typeof payload.componentName === 'string'
      ? { kind: 'stateAndProps', id: requestId, componentName: payload.componentName }
      : null;
  }
  return null;
}

/** Whether a message event comes from the studio parent: its window and its exact origin. */
export function isFromParent(eventSource: unknown, eventOrigin: string, parentWindow: unknown, parentOrigin: string): boolean {
  return eventSource === parentWindow && eventOrigin === parentOrigin;
}
