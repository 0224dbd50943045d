import { ts } from 'ts-morph';
import { describe, expect, it } from 'vitest';
import { EditableFile } from './editable-file.js';
import { conventionsOf, insertImports, withJsxQuotes } from './file-conventions.js';

function fileOf(text: string): EditableFile {
  const sourceFile = ts.createSourceFile('src/page.tsx', text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  return new EditableFile('src/page.tsx', '/project/src/page.tsx', text, true, { sourceFile, entries: [], byId: new Map() });
}

const conventions = (text: string) => conventionsOf(fileOf(text).parsed!.sourceFile);

describe('conventionsOf', () => {
  it('reads semicolons, the quote of module paths and the quote of JSX attributes', () => {
    expect(conventions("import a from 'a'\nconst b = \"x\"\nexport const C = () => <p title=\"t\" />\n")).toEqual({
      semicolons: false,
      quote: "'",
      jsxQuote: '"',
    });
    expect(conventions('import a from "a";\nlet b = 1;\nb += 1\nexport const C = () => <p title=\'t\' />;\n')).toEqual({
      semicolons: true,
      quote: '"',
      jsxQuote: "'",
    });
  });

  it("takes the quote of the file's other strings when it imports nothing, and says what most React code writes when nothing tells", () => {
    expect(conventions('const a = "x"\nconst b = "y"\nconst c = \'z\'\n').quote).toBe('"');
    expect(conventions('export const C = () => <p />\n')).toEqual({ semicolons: false, quote: "'", jsxQuote: '"' });
    expect(conventions('')).toEqual({ semicolons: true, quote: "'", jsxQuote: '"' });
  });

  it('does not count the parts of a for statement, which always have their semicolons', () => {
    expect(conventions('for (let i = 0; i < 2; i++) {\n  run(i)\n}\nrun(3)\n').semicolons).toBe(false);
  });
});

describe('insertImports', () => {
  const named = (name: string, specifier: string, typeOnly = false) => ({ name, imported: name, specifier, typeOnly });

  it('joins a named import to the import of the same module, on one line or one name per line', () => {
    const oneLine = fileOf("import { Card } from './components'\n\nexport const A = 1\n");
    insertImports(oneLine, [named('Badge', './components'), named('Chip', './components')]);
    expect(oneLine.resultText()).toBe("import { Card, Badge, Chip } from './components'\n\nexport const A = 1\n");
    // Names kept sorted take the new one at its sorted place; names in no order take it at the end.
    const perLine = fileOf("import {\n\tCard,\n\tPanel,\n} from './components';\n");
    insertImports(perLine, [named('Badge', './components')]);
    expect(perLine.resultText()).toBe("import {\n\tBadge,\n\tCard,\n\tPanel,\n} from './components';\n");
    const unsorted = fileOf("import {\n\tPanel,\n\tCard,\n} from './components';\n");
    insertImports(unsorted, [named('Badge', './components')]);
    expect(unsorted.resultText()).toBe("import {\n\tPanel,\n\tCard,\n\tBadge,\n} from './components';\n");
  });

  it('puts a default before the braces, braces after a default, and a type among values', () => {
    const braces = fileOf("import { useState } from 'react';\n");
    insertImports(braces, [{ name: 'React', imported: 'default', specifier: 'react', typeOnly: false }]);
    expect(braces.resultText()).toBe("import React, { useState } from 'react';\n");
    const defaultOnly = fileOf("import React from 'react';\n");
    insertImports(defaultOnly, [named('useState', 'react'), named('ReactNode', 'react', true)]);
    expect(defaultOnly.resultText()).toBe("import React, { useState, type ReactNode } from 'react';\n");
  });

  it('writes a new line when nothing can be joined: a type-only import for a value, a namespace, another module', () => {
    const file = fileOf('import type { Row } from "./rows"\nimport * as icons from "./icons"\n');
    insertImports(file, [named('rows', './rows'), named('Leaf', './icons'), { sideEffect: true, specifier: './page.css' }]);
    expect(file.resultText()).toBe(
      'import type { Row } from "./rows"\nimport * as icons from "./icons"\nimport { rows } from "./rows"\nimport { Leaf } from "./icons"\nimport "./page.css"\n',
    );
  });

  it('writes the first import at the top, ended as the file ends its statements', () => {
    const file = fileOf('export const A = () => <p>a</p>;\n');
    insertImports(file, [named('Badge', './badge')]);
    expect(file.resultText()).toBe("import { Badge } from './badge';\n\nexport const A = () => <p>a</p>;\n");
  });
});

describe('withJsxQuotes', () => {
  it("writes attribute strings in the file's JSX quote, keeping the other one where the value holds the quote", () => {
    const single = fileOf("export const A = () => <p title='a' />\n");
    expect(withJsxQuotes(single, '<Badge label="New" note="it\'s" count={"x"}>é "text"</Badge>')).toBe(
      '<Badge label=\'New\' note="it\'s" count={"x"}>é "text"</Badge>',
    );
    expect(withJsxQuotes(single, 'className="a b"', 'attributes')).toBe("className='a b'");
    const double = fileOf('export const A = () => <p title="a" />\n');
    expect(withJsxQuotes(double, "className='a b'", 'attributes')).toBe('className="a b"');
    expect(withJsxQuotes(double, '<p title="ok" />')).toBe('<p title="ok" />');
  });
});
