/**
 * The console page's errors and console messages as an agent reads them (`page_messages`): every console call, each
 * uncaught error and unhandled rejection, kept from the overlay's start, the newest `PAGE_MESSAGE_LIMIT` only (a page
 * that logs in a loop must not grow the frame's memory). The page's own console still gets every call unchanged.
 *
 * Lasting state, owned here: the bounded list, and how many were dropped from its front.
 */
import { PAGE_MESSAGE_LIMIT, PAGE_MESSAGE_TEXT_LIMIT, type PageMessage, type PageMessageLevel } from '@contracts/agent-api.js';

const CONSOLE_LEVELS = ['error', 'warn', 'info', 'log', 'debug'] as const satisfies readonly PageMessageLevel[];

/** One argument of a console call as text: strings as they are, errors with their stack's first line, the rest as JSON. */
function argumentText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value instanceof Error) return `${value.name}: ${value.message}`;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    // A cyclic object: its plain name says enough.
    return String(value);
  }
}

const cut = (text: string) => (text.length > PAGE_MESSAGE_TEXT_LIMIT ? `${text.slice(0, PAGE_MESSAGE_TEXT_LIMIT - 1)}…` : text);

export class PageMessageLog {
  private readonly messages: PageMessage[] = [];
  private droppedCount = 0;

  constructor(
    private readonly limit = PAGE_MESSAGE_LIMIT,
    private readonly now: () => number = Date.now,
  ) {}

  add(message: Omit<PageMessage, 'at' | 'text'> & { text: string }): void {
    this.messages.push({ ...message, at: this.now(), text: cut(message.text) });
    if (this.messages.length > this.limit) {
      this.messages.shift();
      this.droppedCount += 1;
    }
  }

  /** The messages at or after `since`, of `levels`, at most the newest `limit`. */
  read({ since, levels, limit }: { since?: number; levels?: readonly PageMessageLevel[]; limit?: number }): { messages: PageMessage[]; dropped: number } {
    const wanted = this.messages.filter((message) => (since === undefined || message.at >= since) && (!levels || levels.includes(message.level)));
    return { messages: wanted.slice(-(limit ?? this.limit)), dropped: this.droppedCount };
  }

  /** Starts listening to the page: its console calls and its uncaught errors and rejections. */
  listen(view: Window & typeof globalThis): void {
    for (const level of CONSOLE_LEVELS) {
      const original = view.console[level].bind(view.console);
      view.console[level] = (...args: unknown[]) => {
        this.add({ level, source: 'console', text: args.map(argumentText).join(' ') });
        original(...args);
      };
    }
    view.addEventListener('error', (event) => {
      // A resource that failed to load (an image, a script) fires `error` without a message on its element.
      if (!(event instanceof ErrorEvent)) return;
      const location = event.filename ? `${event.filename}:${event.lineno}:${event.colno}` : undefined;
      this.add({ level: 'error', source: 'error', text: event.error instanceof Error ? argumentText(event.error) : event.message, ...(location ? { location } : {}) });
    });
    view.addEventListener('unhandledrejection', (event) => {
      this.add({ level: 'error', source: 'rejection', text: `Unhandled rejection: ${argumentText(event.reason)}` });
    });
  }
}

/** The frame's one log, started by the overlay's entry before anything else of the page can log. */
export const pageMessageLog = new PageMessageLog();
