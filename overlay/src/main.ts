/**
 * The overlay's entry: injected into every console page the studio's `dev` serves, it starts only when the page is
 * framed by a studio page of the same origin, and then takes messages only from that parent window and origin.
 */
import { OVERLAY_SCRIPT_PATH } from '@contracts/frame-protocol.js';
import { createChannel } from './channel.js';
import { canvasIdFromPath, isFramedByStudio, parseFrameQuery, type ParentFacts } from './frame-context.js';
import { applyFrameLayout } from './frame-layout.js';
import { isFromParent, readIncomingMessage } from './incoming-message.js';
import { createOverlayStore } from './overlay-store.js';
import { startOverlay } from './overlay-runtime.js';

function parentFacts(): ParentFacts {
  const framed = window.parent !== window;
  if (!framed) return { framed, parentOrigin: null, parentPathname: null };
  try {
    // Throws for a parent of another origin: such a parent is not the studio.
    return { framed, parentOrigin: window.parent.location.origin, parentPathname: window.parent.location.pathname };
  } catch {
    return { framed, parentOrigin: null, parentPathname: null };
  }
}

function main(): void {
  const facts = parentFacts();
  if (!isFramedByStudio(location.origin, facts)) return;
  const marker = window as unknown as { __plantationStudioOverlay?: boolean };
  if (marker.__plantationStudioOverlay) return;
  marker.__plantationStudioOverlay = true;

  const parentWindow = window.parent;
  const parentOrigin = facts.parentOrigin!;
  const query = parseFrameQuery(location.search);
  const channel = createChannel(parentWindow, parentOrigin, query.debugLog);
  const store = createOverlayStore(query, canvasIdFromPath(facts.parentPathname ?? '') ?? canvasIdFromPath(location.pathname));
  applyFrameLayout(query);
  const runtime = startOverlay(store, channel);

  window.addEventListener('message', (event: MessageEvent) => {
    if (!isFromParent(event.source, event.origin, parentWindow, parentOrigin)) return;
    const request = readIncomingMessage(event.data);
    if (!request) return;
    channel.debug('message', request);
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
    }
  });

  channel.post('OVERLAY_READY', { href: location.href, storyboardId: store.storyboardId });
  channel.debug(`started from ${OVERLAY_SCRIPT_PATH}`);
}

main();
