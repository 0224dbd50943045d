/**
 * A component used more often than the follower's product bound (64): without an instance every call site is still
 * followed, so words one call site alone passes are written there, and words many pass are answered with every
 * place counted (the first ones named, the answer bounded). Real files on disk, the studio's own engine.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AMBIGUOUS_PLACES_SHOWN, AppError } from '../../contracts/errors.js';
import { EMPTY_THEME } from '../../contracts/theme-tokens.js';
import { codebaseIdFor } from '../codebase-ids/codebase-id-for.js';
import { studioSourceEditor } from '../studio-source-editor.js';
import { hashTree } from './mutations-test-support.js';

const PAGES = 3;
const SITES_PER_PAGE = 50;
const LAST = { page: 2, site: 41 };

/** A page rendering `Item` fifty times, all with the same label but one. */
function pageSource(page: number): string {
  const sites = Array.from({ length: SITES_PER_PAGE }, (_, site) =>
    page === LAST.page && site === LAST.site ? '      <Item label="Mục cuối" />' : '      <Item label="Mục" />',
  );
  return `import { Item } from './item';\n\nexport function Page${page}() {\n  return (\n    <dl>\n${sites.join('\n')}\n    </dl>\n  );\n}\n`;
}

describe('a component with more call sites than the follower multiplies', () => {
  let root: string;
  const label = { codebaseId: codebaseIdFor('item.tsx', '0') };

  beforeAll(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'text-home-call-sites-'));
    fs.writeFileSync(path.join(root, 'item.tsx'), 'export function Item({ label }: { label: string }) {\n  return <dt>{label}</dt>;\n}\n');
    for (let page = 0; page < PAGES; page += 1) fs.writeFileSync(path.join(root, `page-${page}.tsx`), pageSource(page));
  });
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it('writes words only the 142nd call site passes there, without an instance', async () => {
    const editor = studioSourceEditor({ root, theme: () => Promise.resolve(EMPTY_THEME) });
    await editor.mutate('call-sites', 'editText', { element: label, oldText: 'Mục cuối', newText: 'Mục chót' });
    const written = fs.readFileSync(path.join(root, `page-${LAST.page}.tsx`), 'utf8');
    expect(written.split('\n').filter((line) => line.includes('label="Mục chót"'))).toHaveLength(1);
    expect(written).not.toContain('Mục cuối');
  });

  it('answers 409 with every place the shared words are written counted, the first ones named', async () => {
    const editor = studioSourceEditor({ root, theme: () => Promise.resolve(EMPTY_THEME) });
    const before = hashTree(root);
    const error = await editor.mutate('call-sites', 'editText', { element: label, oldText: 'Mục', newText: 'Mục mới' }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(AppError);
    const { code, statusCode, message } = error as AppError;
    expect({ code, statusCode }).toEqual({ code: 'TEXT_HOME_AMBIGUOUS', statusCode: 409 });
    const total = PAGES * SITES_PER_PAGE - 1;
    expect(message).toContain(`written in ${total} places`);
    expect(message).toContain(`and ${total - AMBIGUOUS_PLACES_SHOWN} more`);
    expect(message.match(/page-\d\.tsx:\d+/g)).toHaveLength(AMBIGUOUS_PLACES_SHOWN);
    expect(message.length).toBeLessThan(4000);
    expect(hashTree(root)).toEqual(before);
  });
});
