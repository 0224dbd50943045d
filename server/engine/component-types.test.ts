import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ComponentTypes, type ComponentReference } from './component-types.js';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'component-types-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

function write(relative: string, text: string): void {
  fs.mkdirSync(path.dirname(path.join(root, relative)), { recursive: true });
  fs.writeFileSync(path.join(root, relative), text);
}

describe('ComponentTypes', () => {
  const types = new ComponentTypes(root);
  const badge: ComponentReference = { kind: 'import', from: 'src/page.tsx', specifier: './badge', imported: 'Badge', member: [] };

  it('says whether a component takes className and gives its required props typed defaults', () => {
    write('src/badge.tsx', "type Tone = 'red' | 'green';\nexport function Badge(props: { tone: Tone; label: string; size: number; on: boolean; note?: string; onPick: () => void; hint: string | undefined }) {\n  return props.label;\n}\n");
    expect(types.propsOf(badge)).toEqual({
      acceptsClassName: false,
      required: [
        { name: 'tone', value: 'red', type: 'Tone' },
        { name: 'label', value: 'Label', type: 'string' },
        { name: 'size', value: 0, type: 'number' },
        { name: 'on', value: false, type: 'boolean' },
        { name: 'onPick', value: null, type: '() => void' },
        { name: 'hint', value: 'Hint', type: 'string | undefined' },
      ],
      accepted: ['tone', 'label', 'size', 'on', 'note', 'onPick', 'hint'],
    });
  });

  it('answers again when the file declaring the component changes', () => {
    // Another size and mtime than the first text, so the cached answer is stale.
    write('src/badge.tsx', 'export function Badge(props: { className?: string; children?: string }) {\n  return props.children ?? props.className ?? null;\n}\n');
    const later = new Date(Date.now() + 5_000);
    fs.utimesSync(path.join(root, 'src/badge.tsx'), later, later);
    expect(types.propsOf(badge)).toEqual({ acceptsClassName: true, required: [], accepted: ['className', 'children'] });
  });

  it('reads components declared in the file itself, and has no answer for what it cannot type', () => {
    const text = 'function Row(props: { id: number }) {\n  return props.id;\n}\nexport const page = <Row id={1} />;\n';
    expect(types.propsOf({ kind: 'local', from: 'src/page.tsx', text, tagStart: text.indexOf('Row id') })).toEqual({
      acceptsClassName: false,
      required: [{ name: 'id', value: 0, type: 'number' }],
      accepted: ['id'],
    });
    expect(types.propsOf({ kind: 'import', from: 'src/page.tsx', specifier: 'not-installed', imported: 'Thing', member: [] })).toBeNull();
  });

  it('takes every prop of any member of props that are a union, and requires only what all of them require', () => {
    write('src/link.tsx', 'export function Link(props: { label: string } & ({ href: string } | { onPress: () => void; className?: string })) {\n  return props.label;\n}\n');
    expect(types.propsOf({ kind: 'import', from: 'src/page.tsx', specifier: './link', imported: 'Link', member: [] })).toEqual({
      acceptsClassName: true,
      required: [{ name: 'label', value: 'Label', type: 'string' }],
      accepted: ['label', 'href', 'onPress', 'className'],
    });
  });
});
