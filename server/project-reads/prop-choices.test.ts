import { ts } from 'ts-morph';
import { describe, expect, it } from 'vitest';
import { propChoicesOf, type LoadSource } from './prop-choices.js';

/** An in-memory project: root-relative path → text. */
function project(files: Record<string, string>): { load: LoadSource; file: (relative: string) => ts.SourceFile } {
  const parse = (relative: string) => ts.createSourceFile(`/${relative}`, files[relative]!, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const load: LoadSource = (relative) => (relative in files ? parse(relative) : null);
  return { load, file: parse };
}

describe('propChoicesOf', () => {
  it('reads an inline union of string literals from the component declared in the same file', () => {
    const { load, file } = project({
      'src/page.tsx': `function Tile({ tone, size }: { tone: 'plain' | 'alert' | "calm"; size?: 1 | 2 | -3; label: string }) { return null; }
        export const Page = () => <Tile tone="plain" label="x" />;`,
    });
    expect(propChoicesOf('Tile', file('src/page.tsx'), load)).toEqual({ tone: ['plain', 'alert', 'calm'], size: [1, 2, -3] });
  });

  it('follows a relative import to an interface, what it extends, and a type alias imported by that file', () => {
    const { load, file } = project({
      'src/page.tsx': `import { Dialog as Modal } from './ui/dialog';\nexport const Page = () => <Modal open />;`,
      'src/ui/dialog.tsx': `import type { Tone } from '../tones';
        export type DialogSize = 'sm' | 'md' | 'lg';
        interface Base { tone?: Tone | undefined }
        export interface DialogProps extends Base { open: boolean; size?: DialogSize; role?: 'dialog' | 'alertdialog' | null }
        export function Dialog({ open }: DialogProps) { return null; }`,
      'src/tones.ts': `export type Tone = 'info' | 'error';`,
    });
    expect(propChoicesOf('Modal', file('src/page.tsx'), load)).toEqual({
      tone: ['info', 'error'],
      size: ['sm', 'md', 'lg'],
      role: ['dialog', 'alertdialog'],
    });
  });

  it('finds default exports, re-exports, memo/forwardRef wrappers and FC<Props> annotations', () => {
    const { load, file } = project({
      'src/page.tsx': `import Badge from './badge';\nimport { Button, Chip, Pill } from './ui';`,
      'src/badge.tsx': `type P = { kind: 'a' | 'b' };\nfunction Badge(props: P) { return null; }\nexport default Badge;`,
      'src/ui/index.ts': `export { Button } from './button';\nexport * from './chip';`,
      'src/ui/button.tsx': `import { forwardRef } from 'react';
        export const Button = forwardRef<HTMLButtonElement, { variant: 'primary' | 'ghost' }>(function Button(props, ref) { return null; });`,
      'src/ui/chip.tsx': `import { memo, type FC } from 'react';
        export const Chip = memo(({ tone }: { tone: 'x' | 'y' }) => null);
        export const Pill: FC<{ shape: 'round' | 'square' }> = () => null;`,
    });
    const page = file('src/page.tsx');
    expect(propChoicesOf('Badge', page, load)).toEqual({ kind: ['a', 'b'] });
    expect(propChoicesOf('Button', page, load)).toEqual({ variant: ['primary', 'ghost'] });
    expect(propChoicesOf('Chip', page, load)).toEqual({ tone: ['x', 'y'] });
    expect(propChoicesOf('Pill', page, load)).toEqual({ shape: ['round', 'square'] });
  });

  it('offers nothing it would have to guess: open unions, library types, generics, unresolved components', () => {
    const { load, file } = project({
      'src/page.tsx': `import { Link } from '@tanstack/react-router';
        import { Missing } from './missing';
        type Loose = 'a' | string;
        function Stat({ value }: { value: number | string; loose: Loose; one: 'only'; picked: Pick<{ k: 'a' | 'b' }, 'k'>; both: 'a' | 'a' }) { return null; }
        function Untyped({ tone }) { return null; }`,
    });
    const page = file('src/page.tsx');
    expect(propChoicesOf('Stat', page, load)).toEqual({});
    expect(propChoicesOf('Untyped', page, load)).toEqual({});
    expect(propChoicesOf('Link', page, load)).toEqual({});
    expect(propChoicesOf('Missing', page, load)).toEqual({});
    expect(propChoicesOf('div', page, load)).toEqual({});
  });
});
