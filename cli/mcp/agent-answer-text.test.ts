import { describe, expect, it } from 'vitest';
import type { AgentChangeList, AgentSelection } from '../../contracts/agent-api.js';
import { MUTATION_KINDS } from '../../contracts/change-kinds.js';
import type { ProjectTheme } from '../../contracts/project-theme.js';
import { changesText, foundText, selectionContent, selectionWithoutImages, themeText } from './agent-answer-text.js';
import { themeOutput } from './tool-outputs.js';
import { mutationBodySignatures } from './mutation-body-signatures.js';

const ID = 'tempo-6f1c1a1e-1111-5111-8111-111111111111';

const selection: AgentSelection = {
  canvasId: 'default',
  frames: [
    {
      frameId: 'frame-1',
      frameName: 'Desktop',
      route: '/',
      elements: [
        {
          codebaseId: ID,
          name: 'h1',
          tagName: 'h1',
          source: {
            file: 'src/page.tsx',
            line: 12,
            column: 9,
            snippet: '<h1 className="text-3xl">Hello ```</h1>',
            component: null,
            props: { className: { kind: 'literal', value: 'text-3xl', line: 12 }, hidden: { kind: 'literal', value: true, line: 12 }, onClick: { kind: 'expression', text: 'go', line: 12 } },
            rendering: 'repeated',
            classes: { always: ['text-3xl'], conditional: ['font-bold'] },
          },
          keyStyles: { color: 'rgb(15, 23, 42)', 'font-size': '30px' },
          image: { mimeType: 'image/png', data: 'iVBORw0KGgo=' },
        },
        { codebaseId: 'tempo-placeholder-1', name: 'div', tagName: 'div', keyStyles: {}, imageError: 'the element is not on screen' },
      ],
    },
  ],
};

describe("the MCP tools' answers", () => {
  it('say the selection with file:line, props, classes, styles and a fenced snippet, each element followed by its image', () => {
    const contents = selectionContent(selection);
    expect(contents.map((content) => content.type)).toEqual(['text', 'text', 'image', 'text']);
    const [head, first, image, second] = contents as unknown as [{ text: string }, { text: string }, { data: string; mimeType: string }, { text: string }];
    expect(head.text).toBe('Canvas default, frame "Desktop" (frameId frame-1) at /: 2 selected elements.');
    expect(first.text).toContain(`1. h1 <h1>  codebaseId: ${ID}`);
    expect(first.text).toContain('at src/page.tsx:12:9  (rendering: repeated)');
    expect(first.text).toContain('props: className="text-3xl" hidden onClick={go}');
    expect(first.text).toContain('classes: text-3xl; conditional: font-bold');
    expect(first.text).toContain('key styles: color: rgb(15, 23, 42); font-size: 30px');
    // A fence longer than the backticks the snippet holds.
    expect(first.text).toContain('````tsx\n<h1 className="text-3xl">Hello ```</h1>\n````');
    expect(image).toEqual({ type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' });
    expect(second.text).toContain('not in the source');
    expect(second.text).toContain('no image: the element is not on screen');
    expect(selectionContent({ canvasId: 'c', frames: [] })[0]).toMatchObject({ text: expect.stringMatching(/^Nothing is selected in the studio \(canvas c\)/) });
  });

  it('leave the images out of the selection resource', () => {
    const plain = selectionWithoutImages(selection);
    expect(plain.frames[0]!.elements[0]!.image).toBeUndefined();
    expect(plain.frames[0]!.elements[0]!.source).toEqual(selection.frames[0]!.elements[0]!.source);
    expect(selection.frames[0]!.elements[0]!.image).toBeDefined();
  });

  it('say how many elements matched when the answer is cut', () => {
    const element = { codebaseId: ID, file: 'src/a.tsx', line: 3, column: 5, tagName: 'button', writtenIn: 'Toolbar', rendering: 'static' as const, snippet: '<button />' };
    expect(foundText({ elements: [element], total: 7 })).toMatch(/^7 elements matched; the first 1:\n1\. <button>  codebaseId: tempo-.*\n {3}at src\/a\.tsx:3:5  in Toolbar/);
    expect(foundText({ elements: [], total: 0 })).toBe('No element matched.');
  });

  it('list the history with each step’s author and state', () => {
    const item = { id: '1', name: 'Add class italic', kind: 'addClass', at: '2026-11-24T08:00:00.000Z', files: ['src/a.tsx'], state: 'ready' as const };
    const list: AgentChangeList = { canvasId: 'default', undoCount: 2, redoCount: 1, done: [item, { ...item, id: '2', by: 'agent', state: 'changed-on-disk' }], undone: [{ ...item, id: '3' }] };
    expect(changesText(list)).toBe(
      [
        'Canvas default: 2 changes to undo, 1 to redo.',
        'Done, oldest first (your undo takes back the last of your session):',
        '  "Add class italic" (addClass) by studio at 2026-11-24T08:00:00.000Z: src/a.tsx',
        '  "Add class italic" (addClass) by agent at 2026-11-24T08:00:00.000Z: src/a.tsx  [a file changed on disk since: its undo would be refused]',
        'Undone, oldest first (your redo writes the last of your session again):',
        '  "Add class italic" (addClass) by studio at 2026-11-24T08:00:00.000Z: src/a.tsx',
      ].join('\n'),
    );
  });

  it('give the theme summarised, or one scale with its values, cut to a limit', () => {
    const empty = { colors: [], spacing: [], fontSize: [], fontWeight: [], fontFamily: [], lineHeight: [], letterSpacing: [], radius: [], shadow: [], breakpoints: [] };
    const colors = Array.from({ length: 20 }, (_, i) => ({ name: `c-${i}`, value: `#00000${i % 10}` }));
    const theme: ProjectTheme = {
      tailwind: { version: 4, entry: 'src/index.css' },
      stylingFramework: 'Tailwind',
      scales: { ...empty, colors: [{ name: 'brand', value: '#0f766e', variable: '--color-brand', declaredIn: 'src/index.css' }, ...colors], fontSize: [{ name: 'base', value: '1rem', lineHeight: '1.5rem' }] },
    };
    const summary = themeText(themeOutput(theme, undefined, undefined));
    expect(summary).toContain('Tailwind 4, entry src/index.css.');
    expect(summary).toMatch(/^colors \(21\): brand, c-0, .*, c-10, …$/m);
    expect(summary).toContain('fontSize (1): base\n');
    expect(summary).not.toContain('#0f766e');
    const one = themeText(themeOutput(theme, 'colors', 2));
    expect(one).toContain('colors (21, the first 2):\n  brand: #0f766e  (--color-brand, declared in src/index.css)\n  c-0: #000000');
    expect(one).not.toContain('fontSize');
    expect(themeText(themeOutput({ tailwind: null, scales: empty }, undefined, undefined))).toMatch(/^The project has no Tailwind/);
  });

  it("describe every change kind's body from the schemas the server validates with", () => {
    const lines = mutationBodySignatures(MUTATION_KINDS).split('\n');
    expect(lines.map((line) => line.split(':')[0])).toEqual([...MUTATION_KINDS]);
    expect(lines).toContain('addClass: {reactElement: Element, classHome?: "instance" | "definition", className: string, stylingFramework?: "Tailwind" | null, modifiers?: string[], customProperties?: {[key: string]: string}}');
    expect(lines).toContain('editText: {element: Element, newText: string, oldText: string, instance?: string[], textScope?: "instance" | "default" | "every"}');
    expect(lines.join('\n')).not.toContain('changeName');
  });
});
