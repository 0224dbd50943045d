import { describe, expect, it } from 'vitest';
import { EditableFile } from './editable-file.js';
import { dropImportsMadeUnused } from './import-usage.js';
import { parsedSource } from './source-index.js';
import { parseJsxSource } from '../codebase-ids/index-jsx-elements.js';

/**
 * The text after removing `use` from `text` (replaced by `by`, and `inserted` put at the end of the last import, as
 * a retag to a component the file lacks does) and dropping the imports that made unused.
 */
function afterRemoving(text: string, use: string, by = '', inserted = ''): string {
  const file = new EditableFile('page.tsx', '/page.tsx', text, true, parsedSource(parseJsxSource('page.tsx', text), 'page.tsx'));
  const at = text.indexOf(use);
  if (inserted) file.insert(text.lastIndexOf("';") + 2, inserted);
  file.replace(at, at + use.length, by);
  dropImportsMadeUnused(file);
  return file.resultText();
}

const body = (uses: string) => `\nexport const Page = () => <main>${uses}</main>;\n`;

describe('dropImportsMadeUnused', () => {
  it('removes a named binding in the middle, the last one with its comma, and keeps the others', () => {
    const head = "import { A, B, C } from './abc';";
    expect(afterRemoving(head + body('<A /><B /><C />'), '<B />')).toBe("import { A, C } from './abc';" + body('<A /><C />'));
    expect(afterRemoving(head + body('<A /><B /><C />'), '<C />')).toBe("import { A, B } from './abc';" + body('<A /><B />'));
  });

  it('keeps multi-line named imports one per line', () => {
    const head = "import {\n  A,\n  B,\n} from './ab';";
    expect(afterRemoving(head + body('<A /><B />'), '<B />')).toBe("import {\n  A,\n} from './ab';" + body('<A />'));
    expect(afterRemoving(head + body('<A /><B />'), '<A />')).toBe("import {\n  B,\n} from './ab';" + body('<B />'));
  });

  it('takes a default binding away from the named ones, or the named ones from the default', () => {
    const head = "import Card, { Title } from './card';";
    expect(afterRemoving(head + body('<Card /><Title />'), '<Card />')).toBe("import { Title } from './card';" + body('<Title />'));
    expect(afterRemoving(head + body('<Card /><Title />'), '<Title />')).toBe("import Card from './card';" + body('<Card />'));
    expect(afterRemoving("import Ui, * as Parts from './ui';" + body('<Ui /><Parts.Row />'), '<Parts.Row />')).toBe("import Ui from './ui';" + body('<Ui />'));
  });

  it('removes a whole declaration with its line, first line or not, and never a side-effect or an already unused import', () => {
    const head = "import { A } from './a';\nimport './page.css';\nimport { Unused } from './unused';\nimport { B } from './b';";
    expect(afterRemoving(head + body('<A /><B />'), '<A />')).toBe("import './page.css';\nimport { Unused } from './unused';\nimport { B } from './b';" + body('<B />'));
    expect(afterRemoving(head + body('<A /><B />'), '<B />')).toBe("import { A } from './a';\nimport './page.css';\nimport { Unused } from './unused';" + body('<A />'));
  });

  it('keeps React while JSX is left, which the classic runtime needs in scope', () => {
    const head = "import React from 'react';";
    expect(afterRemoving(head + body('<React.Fragment /><p />'), '<React.Fragment />')).toBe(head + body('<p />'));
  });

  it('keeps an import still used as a type, in an export or by a shorthand property', () => {
    const head = "import { A, type Props, B, C } from './a';\nexport { B };\nconst table = { C };\nlet props: Props | null = null;";
    const text = head + body('<A /><B /><C />');
    expect(afterRemoving(text, '<B /><C />')).toBe(head + body('<A />'));
  });

  it('removes every declaration of a run that starts the file, the second line too (TS6133 otherwise)', () => {
    const head = "import A from './a';\nimport B from './b';\nimport C from './c';\nimport D from './d';";
    const text = head + body('<div><A /><B /><C /></div><D />');
    expect(afterRemoving(text, '<div><A /><B /><C /></div>')).toBe("import D from './d';" + body('<D />'));
    expect(afterRemoving(text.replaceAll('\n', '\r\n'), '<div><A /><B /><C /></div>')).toBe(("import D from './d';" + body('<D />')).replaceAll('\n', '\r\n'));
    expect(afterRemoving(text, '<div><A /><B /><C /></div><D />')).toBe(body('').slice(1));
    expect(afterRemoving(text, '<B /><C />')).toBe("import A from './a';\nimport D from './d';" + body('<div><A /></div><D />'));
  });

  it('keeps an import inserted after the last one when the declarations around it go', () => {
    const head = "import A from './a';\nimport B from './b';";
    const added = "\nimport { E } from './e';";
    expect(afterRemoving(head + body('<A /><B />'), '<A /><B />', '<E />', added)).toBe(added + body('<E />'));
    const kept = "import './page.css';\n";
    expect(afterRemoving(kept + head + body('<A /><B />'), '<A /><B />', '<E />', added)).toBe(kept.trimEnd() + added + body('<E />'));
  });
});
