/**
 * What `mcp` reads from its client, cut into lines no longer than a limit before the MCP SDK sees them. Why: the
 * SDK's stdio transport gathers a line by copying its whole buffer at each chunk and, past 10 MiB, closes the
 * session; one long line then stalled every request behind it, or ended the session. Here a line is gathered once,
 * a line over the limit is dropped as it streams (only its first bytes are kept, to name it), and the next line is
 * read at once.
 */
import { Transform, type TransformCallback } from 'node:stream';

/** Past any message an agent sends: a change's body may be 2 MiB of file text, escaped. Below the SDK's 10 MiB. */
export const MCP_LINE_LIMIT = 8 * 1024 * 1024;
/** How much of a dropped line is kept, to find its request id. */
const HEAD_BYTES = 4096;

const NEWLINE = 0x0a;

export interface DroppedLine {
  /** The line's length in bytes. */
  bytes: number;
  /** The id of the JSON-RPC request the line starts, when its first bytes name one at the top level. */
  id?: string | number;
}

/** Where a JSON string that starts at `start` (a `"`) ends (its closing quote), or -1 when not in `text`. */
function endOfString(text: string, start: number): number {
  for (let i = start + 1; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === '"') return i;
  }
  return -1;
}

/**
 * The top-level `"id"` of the JSON object `head` starts, read from its first bytes only. Why a scan, not a search
 * for `"id"`: a key of the same name inside `params` must not be taken for it, or another request would get the error.
 */
export function topLevelId(head: string): string | number | undefined {
  let depth = 0;
  for (let i = 0; i < head.length; i++) {
    const char = head[i];
    if (char === '{' || char === '[') depth++;
    else if (char === '}' || char === ']') depth--;
    else if (char === '"') {
      const end = endOfString(head, i);
      if (end === -1) return undefined;
      if (depth === 1 && head.slice(i, end + 1) === '"id"') {
        const value = /^\s*:\s*(-?\d{1,15}|"(?:[^"\\]|\\.){0,200}")\s*[,}]/.exec(head.slice(end + 1))?.[1];
        if (value !== undefined) return JSON.parse(value) as string | number;
      }
      i = end;
    }
  }
  return undefined;
}

/** A stream of `input`'s lines (each with its newline), the lines over `limit` bytes left out and told to `onDropped`. */
export function boundedLines(limit: number, onDropped: (line: DroppedLine) => void): Transform {
  let parts: Buffer[] = [];
  let size = 0;
  /** Set while a line over the limit streams by: its first bytes, to name it. */
  let dropping: Buffer | undefined;

  const take = (piece: Buffer) => {
    if (dropping) {
      if (dropping.length < HEAD_BYTES) dropping = Buffer.concat([dropping, piece.subarray(0, HEAD_BYTES - dropping.length)]);
    } else if (size + piece.length > limit) {
      dropping = Buffer.concat([...parts, piece]).subarray(0, HEAD_BYTES);
      parts = [];
    } else {
      parts.push(piece);
    }
    size += piece.length;
  };

  return new Transform({
    transform(chunk: Buffer, _encoding, done: TransformCallback) {
      let start = 0;
      for (let end = chunk.indexOf(NEWLINE, start); end !== -1; end = chunk.indexOf(NEWLINE, start)) {
        take(chunk.subarray(start, end + 1));
        if (dropping) {
          const id = topLevelId(dropping.toString('utf8'));
          onDropped({ bytes: size - 1, ...(id === undefined ? {} : { id }) });
        } else {
          this.push(parts.length === 1 ? parts[0] : Buffer.concat(parts));
        }
        parts = [];
        size = 0;
        dropping = undefined;
        start = end + 1;
      }
      if (start < chunk.length) take(chunk.subarray(start));
      done();
    },
    flush(done: TransformCallback) {
      if (!dropping && parts.length > 0) this.push(Buffer.concat(parts));
      done();
    },
  });
}
