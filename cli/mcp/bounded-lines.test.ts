import { describe, expect, it } from 'vitest';
import { boundedLines, topLevelId, type DroppedLine } from './bounded-lines.js';

/** Feeds `chunks` through a bounded reader; answers the lines it let through and the ones it dropped. */
async function read(limit: number, chunks: string[]): Promise<{ lines: string[]; dropped: DroppedLine[] }> {
  const dropped: DroppedLine[] = [];
  const stream = boundedLines(limit, (line) => dropped.push(line));
  const out: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => out.push(chunk));
  const ended = new Promise((resolve) => stream.on('end', resolve));
  for (const chunk of chunks) stream.write(Buffer.from(chunk));
  stream.end();
  await ended;
  return { lines: out.map((chunk) => chunk.toString()), dropped };
}

describe('the lines mcp reads from its client', () => {
  it('passes each line whole, however the chunks cut it, and drops the lines over the limit with their id', async () => {
    const long = `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"x":"${'y'.repeat(100)}"}}`;
    const { lines, dropped } = await read(64, ['{"id":1}\n{"i', 'd":2}\n', long.slice(0, 30), long.slice(30), '\n{"id":3}\n', '{"id":4}']);
    expect(lines).toEqual(['{"id":1}\n', '{"id":2}\n', '{"id":3}\n', '{"id":4}']);
    expect(dropped).toEqual([{ bytes: long.length, id: 7 }]);
  });

  it('reads the top-level id only, never a key of the same name inside the params', () => {
    expect(topLevelId('{"jsonrpc":"2.0","id":"req-1","method":"x"')).toBe('req-1');
    expect(topLevelId('{"jsonrpc":"2.0","method":"tools/call","params":{"id":9,"text":"aaa')).toBeUndefined();
    expect(topLevelId('{"method":"id","params":{"a":[{"id":1}]},"id":-4}')).toBe(-4);
    expect(topLevelId('{"params":{"text":"\\"id\\":5,"},"id":6,')).toBe(6);
    expect(topLevelId('{"params":{"text":"never clos')).toBeUndefined();
  });
});
