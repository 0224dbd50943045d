/**
 * The parent's messages to the frame: taken only from the studio window and its exact origin, read
 * (`incoming-message.ts`), and each routed once: a function call to its handler, answered with `FUNCTION_RESULT` or
 * `FUNCTION_ERROR`; an inspection to the inspector, answered with `INSPECT_ELEMENT_RESULT`.
 */
import type { Channel } from './channel.js';
import { isFromParent, readIncomingMessage, type IncomingRequest } from './incoming-message.js';
import type { OverlayRuntime } from './overlay-runtime.js';
import { unreachable } from './unreachable.js';

function routeRequest(request: IncomingRequest, runtime: OverlayRuntime, channel: Channel): void {
  switch (request.kind) {
    case 'unknownFunction':
      console.error('Function to execute not found', request.functionName);
      channel.post('FUNCTION_ERROR', { requestId: request.id, functionName: request.functionName, error: 'Function to execute not found' });
      return;
    case 'badArgs':
      console.error(`Bad arguments for ${request.functionName}: ${request.error}`);
      channel.post('FUNCTION_ERROR', { requestId: request.id, functionName: request.functionName, error: request.error });
      return;
    case 'inspect': {
      const answer = runtime.inspect(request.payload, (message) => console.warn(message));
      channel.post('INSPECT_ELEMENT_RESULT', { requestId: request.id, ...answer });
      return;
    }
    case 'stateAndProps': {
      const answer = runtime.stateAndProps(request.componentName);
      channel.post('INSPECT_ELEMENT_RESULT', { requestId: request.id, ...answer });
      return;
    }
    case 'execute': {
      const handler = runtime.handlers[request.functionName] as (args: unknown) => unknown;
      Promise.resolve()
        .then(() => handler(request.args))
        .then(
          (result) => channel.post('FUNCTION_RESULT', { requestId: request.id, functionName: request.functionName, result }),
          (error: unknown) => {
            console.error(`${request.functionName} failed`, error);
            channel.post('FUNCTION_ERROR', { requestId: request.id, functionName: request.functionName, error: error instanceof Error ? error.message : String(error) });
          },
        );
      return;
    }
    default:
      unreachable(request, 'request');
  }
}

/** Routes the parent's messages from now on; answers the stop. */
export function listenToParent(target: Window, parent: { window: unknown; origin: string }, runtime: OverlayRuntime, channel: Channel): () => void {
  const onMessage = (event: MessageEvent) => {
    if (!isFromParent(event.source, event.origin, parent.window, parent.origin)) return;
    const request = readIncomingMessage(event.data);
    if (!request) return;
    channel.debug('message', request);
    routeRequest(request, runtime, channel);
  };
  target.addEventListener('message', onMessage);
  return () => target.removeEventListener('message', onMessage);
}
