import { describe, expect, it } from 'vitest';
import { takeLines } from './ndjson-lines.js';

describe('NDJSON lines of the bridge stream', () => {
  it('keeps a line cut across chunks until its end comes', () => {
    const first = takeLines('', '{"type":"undo","req');
    expect(first).toEqual({ lines: [], carry: '{"type":"undo","req', dropped: 0 });
    const second = takeLines(first.carry, 'uestId":"r1"}\n{"type":');
    expect(second.lines).toEqual(['{"type":"undo","requestId":"r1"}']);
    expect(second.carry).toBe('{"type":');
  });

  it('answers every line of a chunk that holds several, blank lines and CRs left out', () => {
    const step = takeLines('', '{"a":1}\n\n{"b":2}\r\n{"c":3}\n');
    expect(step.lines).toEqual(['{"a":1}', '{"b":2}', '{"c":3}']);
    expect(step.carry).toBe('');
  });

  it('cuts a chunk split inside a multi-byte character once the decoder has the whole of it', () => {
    const bytes = new TextEncoder().encode('{"name":"Đăng xuất"}\n');
    const decoder = new TextDecoder();
    let carry = '';
    const lines: string[] = [];
    for (const part of [bytes.slice(0, 11), bytes.slice(11)]) {
      const step = takeLines(carry, decoder.decode(part, { stream: true }));
      carry = step.carry;
      lines.push(...step.lines);
    }
    expect(lines).toEqual(['{"name":"Đăng xuất"}']);
  });

  it('drops a line longer than the limit as it streams, holding none of it, and reads the next line', () => {
    let step = takeLines('', '{"a":1}\n{"long":"', 20);
    expect(step.lines).toEqual(['{"a":1}']);
    for (let i = 0; i < 100; i++) {
      step = takeLines(step.carry, 'x'.repeat(1000), 20);
      expect(step.carry.length).toBeLessThanOrEqual(20);
    }
    step = takeLines(step.carry, '"}\n{"b":2}\n{"whole line over it":0}\n', 20);
    expect(step).toEqual({ lines: ['{"b":2}'], carry: '', dropped: 2 });
  });
});
