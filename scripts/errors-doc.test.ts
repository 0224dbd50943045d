import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ERRORS } from '../contracts/errors.js';
import { anchorsOf } from './check-docs-links.js';
import { ERRORS_DOC, errorsDoc, messageTemplate } from './errors-doc.js';

describe('docs/errors.md', () => {
  it('has a heading (an anchor) for every code of the catalogue', () => {
    const anchors = anchorsOf(readFileSync(ERRORS_DOC, 'utf8'));
    expect(Object.keys(ERRORS).filter((code) => !anchors.has(code.toLowerCase()))).toEqual([]);
  });

  it('is the page the catalogue gives (run `npx tsx scripts/errors-doc.ts` after changing contracts/errors.ts)', () => {
    expect(readFileSync(ERRORS_DOC, 'utf8')).toBe(errorsDoc());
  });
});

describe('messageTemplate', () => {
  it('shows each argument by its name, lists included', () => {
    expect(messageTemplate((kind: string, known: readonly string[]) => `Unknown ${kind} (known: ${known.join(', ')})`)).toBe('Unknown ‹kind› (known: ‹known›)');
    expect(messageTemplate(() => 'Wrong username or password')).toBe('Wrong username or password');
  });
});
