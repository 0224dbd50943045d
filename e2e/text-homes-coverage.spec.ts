/**
 * How much of what the console shows can be edited where its words are written (issue 27's measure): the real CLI
 * on a copy of the console, signed in to the mock, each of the 12 signed-in screens opened at 1280 px in Chromium.
 * Every visible element that shows text of its own is read with the text the page shows; its words count as a
 * literal of the project when the console's source writes them (a string, JSX text, or the literal parts of a
 * template or of JSX text around expressions), and for each of those the studio's lookup is asked whether the text
 * is editable at its home. At least 95% must be, and every other one refused with where its words come from
 * (docs/editing-through-code.md#coverage).
 */
import { readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { ts } from 'ts-morph';
import { CODEBASE_ID_ATTRIBUTE, OVERLAY_HOST_ID, STUDIO_TOKEN_HEADER, STUDIO_TOKEN_META } from '../contracts/dom.js';
import type { ElementLookupAnswer } from '../contracts/studio-api.js';
import { CONSOLE_SCREENS, SCREEN_LOAD_MS } from './console-screens.js';
import { signIn } from './session.js';
import { initConsoleCopy } from './studio-page.js';
import { startStudio, type StudioProcess } from './studio-process.js';

/** Whitespace runs as one space, trimmed: text as the page shows it. */
const shown = (text: string) => text.replace(/\s+/g, ' ').trim();
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** What the console's source writes: whole literals, and patterns whose gaps code fills (templates, JSX text around `{…}`). */
interface ProjectLiterals {
  exact: Set<string>;
  patterns: RegExp[];
}

/** A pattern of literal pieces with anything between them; none when its pieces hold no letter (only code's words). */
function patternOf(pieces: string[]): RegExp | null {
  if (!pieces.some((piece) => /\p{L}/u.test(piece))) return null;
  const body = pieces.map((piece) => shown(piece).split(' ').filter(Boolean).map(escape).join('\\s*')).join('[\\s\\S]*?');
  return new RegExp(`^\\s*${body}\\s*$`, 'u');
}

async function projectLiterals(src: string): Promise<ProjectLiterals> {
  const literals: ProjectLiterals = { exact: new Set(), patterns: [] };
  // The console's own modules: its tests' sample data and the generated route table are not what it shows.
  const files = (await readdir(src, { recursive: true })).filter((name) => /\.(?:tsx?|jsx?)$/.test(name) && !/\.(?:test|spec)\.|routeTree\.gen\./.test(name));
  for (const name of files) {
    const text = await readFile(join(src, name), 'utf8');
    const sourceFile = ts.createSourceFile(name, text, ts.ScriptTarget.Latest, true, name.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
    const visit = (node: ts.Node) => {
      if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) literals.exact.add(shown(node.text));
      else if (ts.isJsxText(node)) literals.exact.add(shown(node.text));
      else if (ts.isTemplateExpression(node)) {
        const pattern = patternOf([node.head.text, ...node.templateSpans.map((span) => span.literal.text)].flatMap((piece, i) => (i === 0 ? [piece] : ['', piece])));
        if (pattern) literals.patterns.push(pattern);
      } else if (ts.isJsxElement(node) && node.children.some((child) => ts.isJsxText(child) && child.text.trim() !== '') && node.children.some((child) => !ts.isJsxText(child))) {
        // JSX text around expressions or elements: the text pieces are written, the rest is filled in.
        const pattern = patternOf(node.children.map((child) => (ts.isJsxText(child) ? child.text : '')));
        if (pattern) literals.patterns.push(pattern);
      }
      ts.forEachChild(node, visit);
    };
    visit(sourceFile);
  }
  literals.exact.delete('');
  return literals;
}

/** Words (a letter at least: a number alone is a value, not words) that the source writes. */
function isProjectLiteral(own: string, literals: ProjectLiterals): boolean {
  return /\p{L}/u.test(own) && (literals.exact.has(own) || literals.patterns.some((pattern) => pattern.test(own)));
}

interface ShownText {
  id: string;
  /** All the element's text (as written, before a CSS `uppercase`), as an edit's `oldText` is. */
  text: string;
  /** Its own text nodes only: the words counted (a child element's words are counted with that child). */
  own: string;
  /** The component elements it was rendered through, innermost first, as the editor sends them with an edit. */
  instance: string[];
}

/** Every visible element of the page with an id and text of its own (a text node child that shows something). */
function visibleTexts(page: Page): Promise<ShownText[]> {
  return page.evaluate(
    ({ attribute, overlay }) => {
      const found: Array<{ id: string; text: string; own: string; instance: string[] }> = [];
      for (const element of document.querySelectorAll<HTMLElement>(`[${attribute}]`)) {
        if (element.closest(`#${overlay}`)) continue;
        const texts = [...element.childNodes].filter((child) => child.nodeType === Node.TEXT_NODE).map((child) => child.textContent ?? '');
        if (texts.every((text) => text.trim() === '') || !element.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
        const box = element.getBoundingClientRect();
        // An `sr-only` element is one clipped pixel: read by a screen reader, not shown.
        if (box.width < 2 || box.height < 2) continue;
        // As the overlay's `renderedThrough` reads React's fibers (overlay/src/react-fibers.ts).
        const key = Object.keys(element).find((name) => name.startsWith('__reactFiber$'));
        type Fiber = { tag: number; return: Fiber | null; memoizedProps: Record<string, unknown> | null };
        const instance: string[] = [];
        for (let fiber = key ? ((element as unknown as Record<string, Fiber>)[key]?.return ?? null) : null; fiber; fiber = fiber.return) {
          const id = [0, 1, 11, 14, 15].includes(fiber.tag) ? fiber.memoizedProps?.[attribute] : null;
          if (typeof id === 'string' && !instance.includes(id)) instance.push(id);
        }
        found.push({ id: element.getAttribute(attribute)!, text: (element.textContent ?? '').replace(/\s+/g, ' ').trim(), own: texts.join('').replace(/\s+/g, ' ').trim(), instance });
      }
      return found.filter((entry) => entry.own !== '');
    },
    { attribute: CODEBASE_ID_ATTRIBUTE, overlay: OVERLAY_HOST_ID },
  );
}

type Verdict = { editable: true; how: 'static' | 'bound' } | { editable: false; why: string | null };

test.describe('text homes over the console', () => {
  let dir: string;
  let root: string;
  let server: StudioProcess;

  test.beforeAll(async () => {
    ({ dir, root } = await initConsoleCopy('plantation-studio-coverage-'));
    server = await startStudio(['dev', '--root', root]);
  });
  test.afterAll(async () => {
    await server?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  test('95% of the visible words written in the project are editable at their home, the rest refused with their source', async ({ page }) => {
    test.setTimeout(12 * SCREEN_LOAD_MS + 120_000);
    const literals = await projectLiterals(join(root, 'src'));
    const studioPage = await page.request.get(`${server.url}/_studio/`);
    const token = new RegExp(`<meta name="${STUDIO_TOKEN_META}" content="([^"]+)">`).exec(await studioPage.text())![1]!;
    // One id shows different words on different rows (a `.map`, a component used twice): one call per text.
    const lookup = async (item: ShownText): Promise<ElementLookupAnswer> => {
      const answer = await page.request.post(`${server.url}/_studio/api/elements/lookup`, {
        headers: { origin: server.url, [STUDIO_TOKEN_HEADER]: token },
        data: { codebaseIds: [item.id], texts: { [item.id]: item.text }, instances: { [item.id]: item.instance } },
      });
      expect(answer.status(), await answer.text()).toBe(200);
      return (await answer.json()) as ElementLookupAnswer;
    };
    const verdictOf = async (item: ShownText): Promise<Verdict> => {
      const info = (await lookup(item)).elements[item.id];
      if (!info) return { editable: false, why: null };
      if (info.isStaticText && info.staticText === item.text) return { editable: true, how: 'static' };
      if (info.textHome?.editable) return { editable: true, how: 'bound' };
      return { editable: false, why: info.textHome && !info.textHome.editable ? info.textHome.why : null };
    };

    await signIn(page, server.url);
    const rows: Array<{ screen: string; all: number; literal: number; editable: number; static: number }> = [];
    const refused: Array<{ screen: string; text: string; why: string | null }> = [];
    for (const screen of CONSOLE_SCREENS) {
      await page.goto(`${server.url}${screen.path}`);
      await expect(screen.loaded(page)).toBeVisible({ timeout: SCREEN_LOAD_MS });
      const texts = await visibleTexts(page);
      const seen = new Set<string>();
      const row = { screen: screen.name, all: texts.length, literal: 0, editable: 0, static: 0 };
      for (const item of texts) {
        if (!isProjectLiteral(item.own, literals)) continue;
        row.literal += 1;
        const key = `${item.id}\0${item.text}`;
        const verdict = await verdictOf(item);
        if (verdict.editable) {
          row.editable += 1;
          if (verdict.how === 'static') row.static += 1;
        } else if (!seen.has(key)) {
          refused.push({ screen: screen.name, text: item.text, why: verdict.why });
        }
        seen.add(key);
      }
      rows.push(row);
    }
    const total = rows.reduce((sum, row) => ({ all: sum.all + row.all, literal: sum.literal + row.literal, editable: sum.editable + row.editable, static: sum.static + row.static }), { all: 0, literal: 0, editable: 0, static: 0 });
    const share = total.editable / total.literal;
    console.log(
      [
        ...rows.map((row) => `${row.screen}: ${row.all} visible texts, ${row.literal} written in the project, ${row.editable} editable (${row.static} static)`),
        `all screens: ${total.all} visible texts, ${total.literal} written in the project, ${total.editable} editable at their home (${total.static} static JSX text): ${(100 * share).toFixed(1)}%`,
        ...refused.map((r) => `refused on ${r.screen}: "${r.text}": ${r.why ?? 'NO SOURCE'}`),
      ].join('\n'),
    );
    expect(rows).toHaveLength(CONSOLE_SCREENS.length);
    expect(refused.filter((r) => r.why === null)).toEqual([]);
    expect(share).toBeGreaterThanOrEqual(0.95);
  });
});
