import { describe, expect, it } from 'vitest';
import { codebaseIdFor } from './codebase-id-for.js';
import { indexJsxElements, parseJsxSource } from './index-jsx-elements.js';
import { ServedParses } from './served-parses.js';

const TEXT = 'export const A = () => <div><span>a</span></div>;\n';

describe('ServedParses', () => {
  it('computes the ids indexJsxElements gives the same text, and keeps the parse for that text alone', () => {
    const served = new ServedParses();
    const entries = served.parse('/p/src/a.tsx', 'src/a.tsx', TEXT);
    expect(entries.map((entry) => entry.id)).toEqual(indexJsxElements(parseJsxSource('a.tsx', TEXT), 'src/a.tsx').map((entry) => entry.id));
    expect(served.fileOf(codebaseIdFor('src/a.tsx', '0-0'))).toBe('/p/src/a.tsx');
    expect(served.parseFor('/p/src/a.tsx', 'src/a.tsx', TEXT)?.entries).toBe(entries);
    expect(served.parseFor('/p/src/a.tsx', 'src/a.tsx', `${TEXT} `)).toBeNull();
    expect(served.parseFor('/p/src/a.tsx', 'a.tsx', TEXT)).toBeNull();
  });

  it('keeps the last parse of each file, and at most its limit of files', () => {
    const served = new ServedParses(2);
    served.parse('/p/src/a.tsx', 'src/a.tsx', TEXT);
    served.parse('/p/src/a.tsx', 'src/a.tsx', 'export const A = () => <p />;\n');
    // The span the first text had is gone with it.
    expect(served.fileOf(codebaseIdFor('src/a.tsx', '0-0'))).toBeUndefined();
    served.parse('/p/src/b.tsx', 'src/b.tsx', TEXT);
    served.parse('/p/src/c.tsx', 'src/c.tsx', TEXT);
    expect(served.parseFor('/p/src/a.tsx', 'src/a.tsx', 'export const A = () => <p />;\n')).toBeNull();
    expect(served.fileOf(codebaseIdFor('src/a.tsx', '0'))).toBeUndefined();
    expect(served.fileOf(codebaseIdFor('src/c.tsx', '0'))).toBe('/p/src/c.tsx');
  });
});
