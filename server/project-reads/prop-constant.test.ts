/**
 * A prop bound to a constant names the constant's every other use before the change, as the text lookup names a
 * literal's (`alsoShownAt`): in the project's `.ts` modules as in its JSX files, through index modules that
 * re-export it (`export { X } from`, `export *`, `export { X as Y }`), aliases and namespace imports.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SourceProp } from '../../contracts/studio-api.js';
import { codebaseIdFor } from '../codebase-ids/codebase-id-for.js';
import { realRoot } from '../engine/safe-paths.js';
import { SourceIndex } from '../engine/source-index.js';
import { lookupElements } from './element-lookup.js';

const FILES: Record<string, string> = {
  'src/tones/base.ts': `export const DEFAULT_TONE = 'green';\nexport const ALERT_TONE = 'red';\n`,
  'src/tones/index.ts': `export { DEFAULT_TONE } from './base';\nexport * from './more';\nexport { ALERT_TONE as DANGER } from './base';\n`,
  'src/tones/more.ts': `export const QUIET_TONE = 'grey';\n`,
  // A `.ts` module building values out of the constants: they show wherever its values do.
  'src/palette.ts': `import { DEFAULT_TONE, QUIET_TONE } from './tones';\nimport { DANGER } from './tones';\n\nexport const PALETTE = [DEFAULT_TONE, QUIET_TONE];\nexport const LOUD = DANGER;\n`,
  'src/badge.tsx': `import { DEFAULT_TONE, QUIET_TONE, DANGER } from './tones';\nimport { PALETTE, LOUD } from './palette';\n\nexport function Badge() {\n  return (\n    <p>\n      <i title={DEFAULT_TONE} />\n      <i title={QUIET_TONE} />\n      <i title={DANGER} />\n      <i title={PALETTE.join()} lang={LOUD} />\n    </p>\n  );\n}\n`,
  'src/spaced.tsx': `import * as tones from './tones';\n\nexport const Spaced = () => <b title={tones.DEFAULT_TONE} lang={tones.QUIET_TONE} />;\n`,
  'src/renamed.tsx': `import { DANGER as RED } from './tones/index';\n\nexport const Renamed = () => <u title={RED} />;\n`,
  // Texts read through a namespace import, and members of a literal object of them.
  'src/texts.ts': `export const DASHBOARD_TAG = 'Bảng';\nexport const group = {\n  KEY: 'Khoá',\n  OTHER: 'Khác',\n} as const;\nexport const merged = { KEY: 'Khoá', ...group };\nexport let changing = 'Đổi';\n`,
  'src/dashboard.tsx': `import * as texts from './texts';
import { group } from './texts';

export function Dashboard() {
  return (
    <p>
      <i title={texts.DASHBOARD_TAG} />
      <i title={texts.group.KEY} />
      <i title={group.KEY} />
      <i title={group.OTHER} />
      <i title={texts.merged.KEY} />
      <i title={texts.changing} />
      <i title={texts.missing} />
    </p>
  );
}
`,
  'src/tag.tsx': `import { DASHBOARD_TAG, group } from './texts';\n\nexport const Tag = () => <em title={DASHBOARD_TAG} lang={Object.values(group).join()} />;\n`,
};

type Constant = NonNullable<Extract<SourceProp, { kind: 'expression' }>['constant']>;

describe('the constant a prop is bound to', () => {
  let root: string;
  beforeAll(() => {
    root = realRoot(fs.mkdtempSync(path.join(os.tmpdir(), 'prop-constant-')));
    for (const [relative, text] of Object.entries(FILES)) {
      fs.mkdirSync(path.dirname(path.join(root, relative)), { recursive: true });
      fs.writeFileSync(path.join(root, relative), text);
    }
  });
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  const constantOf = (file: string, structuralPath: string, prop = 'title'): Constant | undefined => {
    const id = codebaseIdFor(file, structuralPath);
    const info = lookupElements(new SourceIndex(root), [id])[id]!;
    return (info.props[prop] as Extract<SourceProp, { kind: 'expression' }>).constant;
  };

  it('names its uses in .ts modules and through a namespace import, file and line', () => {
    expect(constantOf('src/badge.tsx', '0-0')).toEqual({ file: 'src/tones/base.ts', line: 1, alsoUsedBy: ['src/palette.ts:4', 'src/spaced.tsx:3'] });
  });

  it('follows `export *` of an index module to the constant', () => {
    expect(constantOf('src/badge.tsx', '0-1')).toEqual({ file: 'src/tones/more.ts', line: 1, alsoUsedBy: ['src/palette.ts:4', 'src/spaced.tsx:3'] });
  });

  it('follows `export { X as Y }` and names the uses under either name', () => {
    expect(constantOf('src/badge.tsx', '0-2')).toEqual({ file: 'src/tones/base.ts', line: 2, alsoUsedBy: ['src/palette.ts:5', 'src/renamed.tsx:3'] });
  });

  it('follows an alias of a re-exported name, imported from the index module by its path', () => {
    expect(constantOf('src/renamed.tsx', '0')).toEqual({ file: 'src/tones/base.ts', line: 2, alsoUsedBy: ['src/badge.tsx:9', 'src/palette.ts:5'] });
  });

  it('follows `ns.NAME` of a namespace import to the constant, as `NAME` is, with its uses under either', () => {
    expect(constantOf('src/dashboard.tsx', '0-0')).toEqual({ file: 'src/texts.ts', line: 1, alsoUsedBy: ['src/tag.tsx:3'] });
  });

  it('follows a member of a literal object to its value, naming the reads of that member and of the whole object (passed, spread)', () => {
    expect(constantOf('src/dashboard.tsx', '0-1')).toEqual({ file: 'src/texts.ts', line: 3, alsoUsedBy: ['src/dashboard.tsx:9', 'src/tag.tsx:3', 'src/texts.ts:6'] });
    expect(constantOf('src/dashboard.tsx', '0-2')).toEqual({ file: 'src/texts.ts', line: 3, alsoUsedBy: ['src/dashboard.tsx:8', 'src/tag.tsx:3', 'src/texts.ts:6'] });
    expect(constantOf('src/dashboard.tsx', '0-3')).toEqual({ file: 'src/texts.ts', line: 4, alsoUsedBy: ['src/tag.tsx:3', 'src/texts.ts:6'] });
  });

  it('is no constant for a member a spread may override, a `let`, or a name the module does not export', () => {
    for (const path of ['0-4', '0-5', '0-6']) expect(constantOf('src/dashboard.tsx', path), path).toBeUndefined();
  });
});
