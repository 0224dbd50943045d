/**
 * The way in for coding agents (docs/agents.md): `plantation-studio mcp` is an MCP server on stdio that speaks to the
 * `dev` server of the same project through the agent calls below, authenticated by a secret `dev` writes into the
 * project's `.plantation-studio/` (owner-only) at start. The secret never reaches a browser page, and an agent call
 * that carries any mark of a browser (an `Origin`, a `Sec-Fetch-*` header) is refused even with the right secret.
 *
 * What only the studio page knows (the selection, the frames' pixels) or should do itself (a change an agent makes is
 * shown instantly in every frame and listed in Changes) goes through the agent bridge: the studio page keeps one
 * stream open to the server (`STUDIO_API_PATHS.agentBridge`, the studio token's guard), receives `AgentBridgeRequest`s
 * on it and posts each answer back. With no studio page open, changes, undo and redo are written by the server's
 * engine alone; the selection and screenshots then say that no studio page is open.
 *
 * Plain data and types, so the server, the editor and the CLI share them.
 */
import type { AgentSessionRef } from './change-authors.js';
import type { MutationKind } from './change-kinds.js';
import type { HistoryStatus, HistoryStepAnswer, MutationWriteAnswer, SourceProp } from './studio-api.js';

/** The agent calls, under `AGENT_API_PREFIX`. Every one needs `Authorization: Bearer <secret>`. */
export const AGENT_API_PREFIX = '/_studio/agent';
export const AGENT_API_PATHS = {
  /**
   * POST `AgentHandshakeRequest` → `AgentHandshakeAnswer`, the one call without the secret: a client proves the
   * server it found in a connection file is the `dev` of its project before it sends the secret there.
   */
  handshake: '/handshake',
  /** GET: `AgentSelection` (with each element's image). */
  selection: '/selection',
  /** GET: an NDJSON stream of `AgentEvent`s, one per line, kept open (the MCP server's resource notifications). */
  events: '/events',
  /** POST `AgentChangeRequest` → `AgentChangeAnswer`. */
  applyChange: '/changes/apply',
  /** POST `{}` → `HistoryStepAnswer`. */
  undo: '/changes/undo',
  redo: '/changes/redo',
  /** GET → `AgentChangeList`. */
  changes: '/changes',
  /** POST `AgentFindRequest` → `AgentFindAnswer`. */
  findElements: '/elements/find',
  /** POST `AgentScreenshotRequest` → `AgentScreenshot`. */
  screenshot: '/screenshot',
  /** GET → the project's theme (`ProjectTheme`, as `GET /_studio/api/theme` answers it). */
  theme: '/theme',
  /** POST `AgentRelativesRequest` → `AgentRelatives`. */
  relatives: '/elements/relatives',
  /** POST `AgentComponentsRequest` → `AgentComponents`. */
  components: '/components',
  /** POST `AgentTypeCheckRequest` → `AgentTypeCheck`. */
  typeCheck: '/type-check',
  /** GET `?since=<seq>` → `AgentIdWrites`: the id maps of the writes made since (`AGENT_ID_WRITES_KEPT` are kept). */
  idWrites: '/ids/writes',
  /** POST `AgentFrameElementsRequest` → `AgentFrameElements`. */
  frameElements: '/frames/elements',
  /** POST `AgentPageMessagesRequest` → `AgentPageMessages`. */
  pageMessages: '/frames/messages',
  /** POST `AgentOpenFrameRequest` → `AgentOpenedFrame`. */
  openFrame: '/frames/open',
  /** POST `AgentPointRequest` → `AgentPointed`. */
  pointAt: '/frames/point',
} as const;

/**
 * Where `dev` writes how to reach it, root-relative: a regular file of its user, mode 0600, removed when the server
 * stops. A client reads nothing else (no link, no file of another user or that others may read) and talks only to a
 * loopback `url` that passes the handshake.
 */
export const AGENT_CONNECTION_FILE = '.plantation-studio/agent-connection.json';

/** The content of `AGENT_CONNECTION_FILE`. */
export interface AgentConnection {
  /** The server's own origin on loopback, as the banner prints it (`http://127.0.0.1:5173`). */
  url: string;
  /** 32 random bytes, base64url: new at every start. */
  secret: string;
  /** The `dev` process, so a file left by a killed server is told from a live one. */
  pid: number;
  /** ISO 8601. */
  startedAt: string;
}

/**
 * Whether `url` is `http:` on a loopback address (127.0.0.0/8, `[::1]`, `localhost`), with a port and nothing else
 * before the path: where a client may send the secret. Read by pattern, in its plain spelling only (no user info,
 * no other spelling of an address), since this module runs where no URL parser may be assumed.
 */
export function isLoopbackHttpUrl(url: string): boolean {
  return /^http:\/\/(localhost|127(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}|\[::1\])(:\d{1,5})?\/?$/.test(url);
}

/**
 * The handshake: the client sends a fresh nonce; the server answers HMAC-SHA256, keyed by its secret, of
 * `AGENT_HANDSHAKE_LABEL`, the real path of the root it serves and the nonce, each followed by a newline (base64url).
 * Only a server that holds this connection file's secret and serves this root can answer it, and the secret itself
 * never crosses the wire to a server that has not proved it.
 */
export const AGENT_HANDSHAKE_LABEL = 'plantation-studio agent handshake v1';

export interface AgentHandshakeRequest {
  /** 32 random bytes, base64url, new for each handshake. */
  nonce: string;
}

export interface AgentHandshakeAnswer {
  proof: string;
}

/**
 * The header a studio page's mutate, undo and redo calls carry when they carry out an agent's request: its value is
 * a `ChangeAuthor` (`CHANGE_AUTHORS` in `change-authors.ts`, with the records and history items that keep it).
 */
export const CHANGE_BY_HEADER = 'x-plantation-studio-change-by';

// ---------------------------------------------------------------------------------------------------------------
// Agent calls: bodies and answers

export interface AgentChangeRequest {
  /** One of `MUTATION_KINDS` (the `parseAndMutate/mutate/{kind}` names). */
  kind: MutationKind;
  /** The very body that mutate call takes (validated by the same schemas). */
  body: unknown;
  /**
   * The write log (`AgentIdWrites`) as the caller last read it, its ids resolved against it: a write since (one of
   * the person's code editor the server had not yet seen, above all) that concerns an id of the body refuses the
   * change with `STALE_ELEMENT`, nothing written, and the caller reads the log again.
   */
  idsAsOf?: { log: string; seq: number };
}

export type AgentChangeAnswer = MutationWriteAnswer & {
  /** `page`: a studio page made the change (instant update in every frame, listed in its Changes); `server`: no page was open. */
  appliedBy: 'page' | 'server';
  /** The canvas whose history holds it. */
  canvasId: string;
};

export type AgentChangeList = HistoryStatus & { canvasId: string };

/** At most this many elements in a find answer (the answer says when more matched). */
export const AGENT_FIND_LIMIT = 50;

export interface AgentFindRequest {
  /** Text the element shows or its source contains (case-insensitive substring). */
  text?: string;
  /** The tag as written (`button`, `Card`, `motion.div`), exact, case-sensitive. */
  tag?: string;
  /** The component the element is written in or is an instance of (exact name). */
  component?: string;
  /** A root-relative file path, or its end (`country-card.tsx`). */
  file?: string;
  limit?: number;
}

export interface AgentFoundElement {
  codebaseId: string;
  file: string;
  line: number;
  column: number;
  tagName: string;
  /** The function component whose JSX holds the element, when there is one. */
  writtenIn: string | null;
  rendering: 'static' | 'repeated' | 'conditional';
  /** The element's source text, cut to `AGENT_SNIPPET_LIMIT`. */
  snippet: string;
}

export const AGENT_SNIPPET_LIMIT = 1500;

export interface AgentFindAnswer {
  elements: AgentFoundElement[];
  /** How many matched in all (more than `elements.length` when cut at the limit). */
  total: number;
}

export interface AgentImage {
  /** `image/png` or `image/jpeg`. */
  mimeType: string;
  /** Base64, without a `data:` prefix. */
  data: string;
}

export interface AgentSelectedElement {
  codebaseId: string;
  /** The name the editor shows for it. */
  name: string;
  tagName: string;
  /** Where it is written; absent for an element the source does not have (a placeholder, a library's markup). */
  source?: {
    file: string;
    line: number;
    column: number;
    snippet: string;
    /** The component it is an instance of (its tag), or null for a plain element. */
    component: string | null;
    props: Record<string, SourceProp>;
    rendering: 'static' | 'repeated' | 'conditional';
    classes: { always: string[]; conditional: string[] } | null;
  };
  /** The computed styles that say most about how it looks (defaults left out). */
  keyStyles: Record<string, string>;
  /** The overlay's capture of the element; absent with `imageError` when it could not be taken. */
  image?: AgentImage;
  imageError?: string;
}

export interface AgentSelectedFrame {
  frameId: string;
  frameName: string;
  route: string;
  elements: AgentSelectedElement[];
}

export interface AgentSelection {
  canvasId: string;
  /** Frames with at least one selected element (in practice one: the studio selects in one frame at a time). */
  frames: AgentSelectedFrame[];
}

export interface AgentScreenshotRequest {
  /** A frame id of the canvas; else the first frame showing `route`; else the frame of the selection, else the first. */
  frameId?: string;
  route?: string;
}

export interface AgentScreenshot {
  frameId: string;
  frameName: string;
  route: string;
  viewport: { width: number; height: number };
  image: AgentImage;
}

/** What the events stream says, one JSON object per line. */
export type AgentEvent =
  | { type: 'selection-changed'; canvasId: string }
  | { type: 'history-changed'; canvasId: string }
  /** Sent every `AGENT_STREAM_KEEPALIVE_MS` so a dead connection is noticed. */
  | { type: 'keepalive' };

export const AGENT_STREAM_KEEPALIVE_MS = 15_000;

// ---------------------------------------------------------------------------------------------------------------
// The agent bridge: server ⇄ studio page

/** What the server asks a studio page, one JSON object per line of the bridge stream. */
export type AgentBridgeRequest =
  | { type: 'describe-selection'; requestId: string }
  | { type: 'capture-frame'; requestId: string; frameId?: string; route?: string }
  /** `agent`: the session asking, which the page's write names (`AGENT_SESSION_HEADER`) so the step is that session's. */
  | { type: 'apply-change'; requestId: string; kind: MutationKind; body: unknown; instantCss?: AgentInstantCss; agent?: AgentSessionRef }
  /** The session's own latest step (any agent's without `agent`). */
  | { type: 'undo'; requestId: string; agent?: AgentSessionRef }
  | { type: 'redo'; requestId: string; agent?: AgentSessionRef }
  | ({ type: 'frame-elements'; requestId: string } & AgentFrameElementsRequest)
  | ({ type: 'page-messages'; requestId: string } & AgentPageMessagesRequest)
  | ({ type: 'open-frame'; requestId: string } & AgentOpenFrameRequest)
  | ({ type: 'point-at'; requestId: string } & AgentPointRequest)
  /** Sent every `AGENT_STREAM_KEEPALIVE_MS`; no answer. */
  | { type: 'keepalive' };

export type AgentBridgeRequestType = Exclude<AgentBridgeRequest['type'], 'keepalive'>;

/**
 * The CSS the project's Tailwind generates for the classes an agent's change adds, computed by the server while it
 * checks the change, so the page shows them at once as it shows a designer's (whose inspector asked for it while the
 * class was typed). It only feeds the instant update: it is never written, and the change's body is unchanged.
 */
export interface AgentInstantCss {
  /** The generated rules, as `POST /_studio/api/tailwind/css` answers them. */
  css: string;
  /** The classes it holds a rule for (those Tailwind knows; the others are left to the page). */
  classes: string[];
}

/** The answer a page gives to each request type. */
export interface AgentBridgeResults {
  'describe-selection': AgentSelection;
  'capture-frame': AgentScreenshot;
  'apply-change': MutationWriteAnswer;
  undo: HistoryStepAnswer;
  redo: HistoryStepAnswer;
  'frame-elements': AgentFrameElements;
  'page-messages': AgentPageMessages;
  'open-frame': AgentOpenedFrame;
  'point-at': AgentPointed;
}

/**
 * A page's answer (`STUDIO_API_PATHS.agentBridgeAnswer`): the result, or the error the page met (an error the
 * server answered the page's own write with keeps its `code`, so the agent reads the catalogue's message).
 */
export type AgentBridgeAnswer =
  | { pageId: string; requestId: string; ok: true; result: unknown }
  | { pageId: string; requestId: string; ok: false; error: { code: string; message: string; statusCode?: number } };

/** What a page sends when it opens the bridge stream, and when its selection changes. */
export interface AgentBridgeHello {
  /** Made by the page once per load (letters, digits, `-`). */
  pageId: string;
  canvasId: string;
}

/** How long the server waits for a page's answer before the agent call fails (a capture may wait for images). */
export const AGENT_BRIDGE_TIMEOUT_MS = 20_000;
/** The largest answer a page may post (a selection of several elements with their images). */
export const AGENT_BRIDGE_ANSWER_LIMIT = 16 * 1024 * 1024;

// ---------------------------------------------------------------------------------------------------------------
// Read calls: an element's relatives, the project's components, the project's type check

/** At most this many children and siblings in a relatives answer (the answer says how many there are). */
export const AGENT_RELATIVES_LIMIT = 100;

export interface AgentRelativesRequest {
  codebaseId: string;
  /** At most this many children and this many siblings (default and most: `AGENT_RELATIVES_LIMIT`). */
  limit?: number;
}

/** An element as the relatives answer names it: where it is written and the text it holds itself. */
export interface AgentRelative {
  codebaseId: string;
  tagName: string;
  file: string;
  line: number;
  column: number;
  /** Its own visible text (text children and string children), cut to `AGENT_RELATIVE_TEXT_LIMIT`; '' when none. */
  text: string;
}

export const AGENT_RELATIVE_TEXT_LIMIT = 120;

export interface AgentRelatives {
  element: AgentRelative;
  /** The nearest enclosing element in the same file; absent at the top of a component's JSX. */
  parent?: AgentRelative;
  children: AgentRelative[];
  /** The other children of the same parent in source order (at the top: the other top elements of the same component). */
  siblings: AgentRelative[];
  /** How many children and siblings there are in all (more than answered when cut at the limit). */
  childCount: number;
  siblingCount: number;
}

/** At most this many components in one page of a components answer. */
export const AGENT_COMPONENTS_LIMIT = 50;

export interface AgentComponentsRequest {
  /** Only components whose name holds this (case-insensitive). */
  name?: string;
  /** Where the page starts (0 by default) and how many it holds (default and most: `AGENT_COMPONENTS_LIMIT`). */
  offset?: number;
  limit?: number;
}

export interface AgentComponentProp {
  name: string;
  /** The type as the source writes it (`'primary' | 'ghost'`, `ReactNode`), when it does. */
  type?: string;
  required: boolean;
  /** The default the component's parameter gives, as written (`'primary'`, `false`). */
  default?: string;
}

export interface AgentComponent {
  name: string;
  /** Root-relative file that exports it, or for a library's, the first file of the project that uses it. */
  file: string;
  isDefaultExport: boolean;
  /** A library's component: the module the project imports it from. */
  package?: string;
  /** Its props, read from its source (a library's component has none listed); absent when they cannot be read. */
  props?: AgentComponentProp[];
  /** True when its props also take any other prop (`...rest` spread of a type the source does not list). */
  moreProps?: boolean;
}

export interface AgentComponents {
  components: AgentComponent[];
  /** How many matched in all, and the offset of the next page when there is one. */
  total: number;
  nextOffset?: number;
}

/** The longest an agent may ask a type check to take, and how long one takes unless told. */
export const AGENT_TYPE_CHECK_MAX_SECONDS = 120;
export const AGENT_TYPE_CHECK_DEFAULT_SECONDS = 30;
/** At most this many diagnostics in an answer (the answer says how many there are). */
export const AGENT_TYPE_CHECK_LIMIT = 100;

export interface AgentTypeCheckRequest {
  /** Root-relative files whose diagnostics are answered; none: every file of the project's tsconfig. */
  files?: string[];
  timeoutSeconds?: number;
  limit?: number;
}

export interface AgentDiagnostic {
  /** Root-relative; absent for a diagnostic of the configuration. */
  file?: string;
  line?: number;
  column?: number;
  /** `TS2322`. */
  code: string;
  category: 'error' | 'warning' | 'suggestion' | 'message';
  message: string;
}

export type AgentTypeCheck =
  | {
      finished: true;
      /** The tsconfig it checked with, root-relative, and the TypeScript version (the project's own when it has one). */
      tsconfig: string;
      typescript: string;
      /** The files whose diagnostics are answered (those asked that the program holds). */
      files: string[];
      diagnostics: AgentDiagnostic[];
      errorCount: number;
      total: number;
    }
  | {
      finished: false;
      /** Why no answer yet (`not finished in 30 s: the check goes on, ask again`). */
      reason: string;
    };

// ---------------------------------------------------------------------------------------------------------------
// Ids through every author's writes

/**
 * What one write of the engine (a change, undo or redo of anyone: the person, any agent session) did to the ids of
 * the files it wrote, numbered in the order written. An agent session replays these over the ids it holds.
 */
export interface AgentIdWrite {
  seq: number;
  /** The history step written (its item's id): a session tells its own writes by it. None for a file saved outside the studio. */
  step?: string;
  /** The step's name, and who made it (`the person`, `agent Claude (session …)`), for a refusal to say. */
  name: string;
  by: string;
  /** Old id → new id of every element whose id it changed. */
  map: Record<string, string>;
  /** Ids of elements it removed (no element has them now). */
  removed: string[];
  /** Old ids it gave to another element: which one an id read before means cannot be told. */
  retaken: string[];
}

/** How many writes the server keeps the id maps of. */
export const AGENT_ID_WRITES_KEPT = 500;

export interface AgentIdWrites {
  /** The log's own id, new at every start of the engine: numbers of another log say nothing of this one. */
  log: string;
  /** The number of the latest write (0 before any). */
  seq: number;
  /** The writes after the asked `since`, oldest first; null when some of them are no longer kept. */
  writes: AgentIdWrite[] | null;
}

// ---------------------------------------------------------------------------------------------------------------
// Acting on the canvas: a frame's elements and messages, opening a frame, pointing the person at an element

/** Which frame a canvas call means: by id, else the first showing `route`, else the selection's, else the first. */
export interface AgentFrameChoice {
  frameId?: string;
  route?: string;
}

/** At most this many elements in one page of `frame_elements`, and the default. */
export const AGENT_FRAME_ELEMENTS_LIMIT = 200;
export const AGENT_FRAME_ELEMENTS_DEFAULT = 50;
/** The visible text of an element is cut to this many characters. */
export const AGENT_ELEMENT_TEXT_LIMIT = 200;

export interface AgentFrameElementsRequest extends AgentFrameChoice {
  /** Only the elements whose box meets the frame's viewport as scrolled now (default true). */
  inViewport?: boolean;
  /** Skip this many (the previous page's `nextOffset`). */
  offset?: number;
  limit?: number;
}

export interface AgentFrameElement {
  codebaseId: string;
  /** The element key of this instance in the frame (a `.map` renders one id many times). */
  elementKey: string;
  name: string;
  tagName: string;
  /** In the page's CSS pixels, from the top left of the document (not of the scrolled viewport). */
  box: { x: number; y: number; width: number; height: number };
  /** The text written directly in it, cut to `AGENT_ELEMENT_TEXT_LIMIT`. */
  text: string;
  /** Its depth in the frame's element tree (0: the page's root element). */
  depth: number;
}

export interface AgentFrameElements {
  frameId: string;
  route: string;
  viewport: { width: number; height: number; scrollX: number; scrollY: number };
  elements: AgentFrameElement[];
  /** How many matched in all; `nextOffset` is where the next page starts, absent on the last. */
  total: number;
  nextOffset?: number;
}

/** What the overlay keeps of a frame's page: its errors and console messages, the newest `PAGE_MESSAGE_LIMIT`. */
export const PAGE_MESSAGE_LIMIT = 200;
/** A message's text is cut to this many characters. */
export const PAGE_MESSAGE_TEXT_LIMIT = 2000;
export const PAGE_MESSAGE_LEVELS = ['error', 'warn', 'info', 'log', 'debug'] as const;
export type PageMessageLevel = (typeof PAGE_MESSAGE_LEVELS)[number];

export interface PageMessage {
  /** Epoch milliseconds. */
  at: number;
  level: PageMessageLevel;
  /** `console`: a console call; `error`: an uncaught error; `rejection`: an unhandled promise rejection. */
  source: 'console' | 'error' | 'rejection';
  text: string;
  /** Where an uncaught error was thrown (`url:line:column`), when the page says. */
  location?: string;
}

export interface AgentPageMessagesRequest extends AgentFrameChoice {
  /** Only messages at or after this time (epoch milliseconds). */
  since?: number;
  /** Only these levels (default all). */
  levels?: PageMessageLevel[];
  /** At most this many, the newest (default and most `PAGE_MESSAGE_LIMIT`). */
  limit?: number;
}

export interface AgentPageMessages {
  frameId: string;
  route: string;
  messages: PageMessage[];
  /** Messages the overlay no longer holds (older than its bound) since the page loaded. */
  dropped: number;
}

export interface AgentOpenFrameRequest {
  route: string;
  /** A preset's name, or a size in CSS pixels; default desktop. */
  viewport?: 'desktop' | 'tablet' | 'mobile' | { width: number; height: number };
}

export interface AgentOpenedFrame {
  frameId: string;
  frameName: string;
  route: string;
  viewport: { width: number; height: number };
  /** False when a frame already showed the route at that size and is answered instead. */
  opened: boolean;
}

export interface AgentPointRequest extends AgentFrameChoice {
  codebaseId: string;
  /** Which instance of a repeated element (0-based, in page order; default 0). */
  index?: number;
  /** `select` (default): the studio selects it, as a click would; `point`: outlined only, the selection kept. */
  mode?: 'select' | 'point';
}

export interface AgentPointed {
  frameId: string;
  elementKey: string;
  mode: 'select' | 'point';
  /** The element's box in the page after it was scrolled into the frame's view. */
  box: { x: number; y: number; width: number; height: number };
}

// ---------------------------------------------------------------------------------------------------------------
// A page's screenshot answer: the picture apart, as a binary body

/**
 * Where a page's answer names its picture when the PNG went apart (`STUDIO_API_PATHS.agentBridgeAnswerImage`, an
 * `image/png` body naming the page and the request, posted before the answer): the server puts the PNG's base64 in
 * its place. A picture of megabytes moved as base64 through the studio page kept its main thread past 50 ms.
 */
export interface AgentAttachedImage {
  mimeType: 'image/png';
  attached: true;
}

/** The largest picture a page may upload for a request (a 4K viewport's PNG is well under it). */
export const AGENT_BRIDGE_IMAGE_LIMIT = 16 * 1024 * 1024;

/** The first bytes of every PNG file: an upload that does not start with them is refused. */
export const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] as const;

export function isAttachedImage(value: unknown): value is AgentAttachedImage {
  return typeof value === 'object' && value !== null && (value as { attached?: unknown }).attached === true && (value as { mimeType?: unknown }).mimeType === 'image/png';
}
