/** The page's errors and console messages since a time (`pageMessages`), from the frame's log (`page-messages.ts`). */
import type { FrameFunctionHandlers } from '@contracts/frame-protocol.js';
import { pageMessageLog } from '../page-messages.js';

export function pageMessageHandlers(): Pick<FrameFunctionHandlers, 'pageMessages'> {
  return {
    pageMessages: (args) => pageMessageLog.read(args),
  };
}
