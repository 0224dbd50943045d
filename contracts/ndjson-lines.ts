/**
 * The streams of the agent calls and of the agent bridge are NDJSON (one JSON object per line), read by the studio
 * page and by the `mcp` command alike.
 */

/**
 * The carry of a line over the limit, while the rest of it streams by. A raw NUL is never in JSON text (it must be
 * escaped there), so no carry of a real line starts with it.
 */
const SKIPPING = '\u0000';

/**
 * Cuts NDJSON text into lines as its chunks arrive: a line may be cut across chunks, and one chunk may hold several
 * lines. Answers the complete lines (blank ones left out) and the start of the next line, to be given back with
 * the next chunk. A line longer than `limit` characters is dropped as it arrives (counted in `dropped` once its end
 * has come), so a stream that never ends its line cannot make the reader hold it all.
 */
export function takeLines(carry: string, chunk: string, limit = Number.POSITIVE_INFINITY): { lines: string[]; carry: string; dropped: number } {
  const parts = (carry + chunk).split('\n');
  const rest = parts.pop() ?? '';
  let dropped = 0;
  const lines: string[] = [];
  for (const part of parts) {
    if (part.startsWith(SKIPPING) || part.length > limit) dropped++;
    else if (part.trim() !== '') lines.push(part.replace(/\r$/, ''));
  }
  return { lines, carry: rest.startsWith(SKIPPING) || rest.length > limit ? SKIPPING : rest, dropped };
}
