/**
 * The streams of the agent calls and of the agent bridge are NDJSON (one JSON object per line), read by the studio
 * page and by the `mcp` command alike.
 *
 * Cuts NDJSON text into lines as its chunks arrive: a line may be cut across chunks, and one chunk may hold several
 * lines. Answers the complete lines (blank ones left out) and the start of the next line, to be given back with
 * the next chunk.
 */
export function takeLines(carry: string, chunk: string): { lines: string[]; carry: string } {
  const parts = (carry + chunk).split('\n');
  const rest = parts.pop() ?? '';
  return { lines: parts.map((line) => line.replace(/\r$/, '')).filter((line) => line.trim() !== ''), carry: rest };
}

