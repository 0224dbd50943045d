/**
 * The 38 functions the studio's editor calls in the frame, one entry each, gathered from the handler files by
 * concern (`handlers/`). The table must satisfy the protocol's map: a function added there and handled nowhere
 * fails to compile.
 */
import type { FrameFunctionHandlers } from '@contracts/frame-protocol.js';
import { captureHandlers } from './handlers/capture-handlers.js';
import { dragHandlers } from './handlers/drag-handlers.js';
import { inspectionHandlers } from './handlers/inspection-handlers.js';
import { navigationHandlers } from './handlers/navigation-handlers.js';
import { pageMessageHandlers } from './handlers/page-message-handlers.js';
import { selectionHandlers } from './handlers/selection-handlers.js';
import { sessionHandlers } from './handlers/session-handlers.js';
import { structureHandlers } from './handlers/structure-handlers.js';
import type { OverlayParts } from './overlay-parts.js';

export function createFrameHandlers(parts: OverlayParts): FrameFunctionHandlers {
  return {
    ...sessionHandlers(parts),
    ...selectionHandlers(parts),
    ...dragHandlers(parts),
    ...structureHandlers(parts),
    ...inspectionHandlers(parts),
    ...captureHandlers(parts),
    ...navigationHandlers(parts),
    ...pageMessageHandlers(),
  } satisfies FrameFunctionHandlers;
}
