/**
 * Edit through code on a copy of the console, over real HTTP calls of the studio's API: the lookup says where bound
 * text is written, an edit writes it there (another file too), words written at two call sites need the instance,
 * code's values are refused with their source, and undo puts every byte back.
 */
import fs from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ElementLookupAnswer, TextHomeInfo } from '../../contracts/studio-api.js';
import { indexJsxElements, parseJsxSource, type JsxElementEntry } from '../codebase-ids/index-jsx-elements.js';
import { createServer, type StudioServer } from '../create-server.js';
import { copyTree, hashTree } from '../mutations/mutations-test-support.js';
import { BUNDLED_CONSOLE_ROOT } from '../package-info.js';
import { STUDIO_TOKEN_HEADER, STUDIO_TOKEN_META } from '../studio-token.js';

const MOCK = { mode: 'mock', mock: { seed: 1, latencyMs: 0, tokenTtlSeconds: 60 } } as const;
const HOST = '127.0.0.1:4600';
const SIDEBAR = 'src/components/shell/sidebar.tsx';
const NAV = 'src/components/shell/nav-entries.ts';
const SELECT = 'src/components/ui/select-field.tsx';
const REGION = 'src/features/regions/region-page.tsx';
const PLACES = 'src/features/fields/place-filters.tsx';
const LAYOUT = 'src/features/dashboards/dashboard-layout.tsx';
const FIELDS = 'src/features/fields/field-dashboard.tsx';
const TASKS = 'src/features/tasks/task-dashboard.tsx';

describe('text edited where its words are written, on a copy of the console', () => {
  let root: string;
  let app: StudioServer;
  let token: string;

  const read = (relative: string) => fs.readFileSync(path.join(root, relative), 'utf8');
  const entriesOf = (relative: string): JsxElementEntry[] => indexJsxElements(parseJsxSource(relative, read(relative)), relative);
  const element = (relative: string, test: (entry: JsxElementEntry, text: string) => boolean) => {
    const text = read(relative);
    return entriesOf(relative).find((entry) => test(entry, text.slice(entry.start, entry.node.end)))!;
  };
  const post = (url: string, payload: unknown) =>
    app.inject({
      method: 'POST',
      url,
      headers: { host: HOST, origin: `http://${HOST}`, [STUDIO_TOKEN_HEADER]: token, 'content-type': 'application/json' },
      payload: JSON.stringify(payload),
    });
  const homeOf = async (id: string, shown: string): Promise<TextHomeInfo | undefined> => {
    const answer = await post('/_studio/api/elements/lookup', { codebaseIds: [id], texts: { [id]: shown } });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<ElementLookupAnswer>().elements[id]?.textHome;
  };
  const editText = (id: string, oldText: string, newText: string, instance?: string[]) =>
    post('/_studio/api/canvases/text/parseAndMutate/mutate/editText', { element: { codebaseId: id }, oldText, newText, ...(instance ? { instance } : {}) });
  const lineOf = (relative: string, needle: string) => read(relative).slice(0, read(relative).indexOf(needle)).split('\n').length;

  beforeAll(async () => {
    root = path.join(await mkdtemp(path.join(tmpdir(), 'plantation-studio-text-')), 'console');
    copyTree(BUNDLED_CONSOLE_ROOT, root);
    app = await createServer({ api: MOCK, console: { kind: 'vite', root }, studio: true });
    await app.ready();
    const page = await app.inject({ method: 'GET', url: '/_studio/', headers: { host: HOST } });
    token = new RegExp(`<meta name="${STUDIO_TOKEN_META}" content="([^"]+)">`).exec(page.body)![1]!;
  });
  afterAll(async () => {
    await app?.close();
    await rm(path.dirname(root), { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
  });

  it('says where bound words are written before anything is tried, and why code-made words have no home', async () => {
    const title = element(SIDEBAR, (entry, text) => entry.tagName === 'p' && text.includes('{SIDEBAR_TITLE}'));
    const link = element(SIDEBAR, (entry) => entry.tagName === 'a');
    const titleHome = await homeOf(title.id, 'Plantation Admin');
    expect(titleHome).toMatchObject({ editable: true, computed: [] });
    expect((titleHome as { places: unknown[] }).places).toEqual(
      expect.arrayContaining([
        { file: NAV, line: lineOf(NAV, 'SIDEBAR_TITLE ='), text: ' Admin' },
        { file: NAV, line: lineOf(NAV, 'PRODUCT_SHORT_NAME ='), text: 'Plantation' },
      ]),
    );
    expect(await homeOf(link.id, 'Field catalogue')).toMatchObject({ editable: true, places: [{ file: NAV, line: lineOf(NAV, "'Field catalogue'"), text: 'Field catalogue' }] });
    const label = element(SELECT, (entry) => entry.tagName === 'label');
    const places = await homeOf(label.id, 'Quốc gia');
    expect(places).toMatchObject({ editable: true });
    expect((places as { places: Array<{ file: string }> }).places.map((p) => p.file).sort()).toEqual([PLACES, REGION]);
    const option = element(SELECT, (entry, text) => entry.tagName === 'option' && text.includes('option.label'));
    const fromApi = await homeOf(option.id, 'Việt Nam');
    expect(fromApi).toMatchObject({ editable: false });
    expect((fromApi as { why: string }).why).toMatch(/countries|useQuery|run time/);
  });

  it('tells the home of the words for the instance the page rendered them through, as the edit with that instance writes', async () => {
    // A dashboard card's title: the tasks page passes `Task #${…}`, the fields page an API's value.
    const heading = element(LAYOUT, (entry, text) => entry.tagName === 'h2' && text.includes(': (') && text.includes('title'));
    const tasksCard = element(TASKS, (entry) => entry.tagName === 'DashboardCard');
    const lookup = async (instance?: string[]) => {
      const answer = await post('/_studio/api/elements/lookup', { codebaseIds: [heading.id], texts: { [heading.id]: 'Task #3' }, ...(instance ? { instances: { [heading.id]: instance } } : {}) });
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json<ElementLookupAnswer>().elements[heading.id]?.textHome;
    };
    const without = await lookup();
    expect(without).toMatchObject({ editable: false });
    expect((without as { why: string }).why).toMatch(/run time/);
    expect(await lookup([tasksCard.id])).toMatchObject({ editable: true, places: [{ file: TASKS, line: lineOf(TASKS, '`Task #${'), text: 'Task #' }] });
  });

  it('writes the words at their home, asks for the instance where two call sites hold them, refuses code, and undoes byte for byte', async () => {
    const before = hashTree(path.join(root, 'src'));
    const title = element(SIDEBAR, (entry, text) => entry.tagName === 'p' && text.includes('{SIDEBAR_TITLE}'));
    const titled = await editText(title.id, 'Plantation Admin', 'Plantation Console');
    expect(titled.statusCode, titled.body).toBe(200);
    expect(read(NAV)).toContain('export const SIDEBAR_TITLE = `${PRODUCT_SHORT_NAME} Console`;');

    const link = element(SIDEBAR, (entry) => entry.tagName === 'a');
    expect((await editText(link.id, 'Tapping', 'Cạo mủ')).statusCode).toBe(200);
    expect(read(NAV)).toContain("{ label: 'Cạo mủ', path: '/tapping' }");

    const counter = element(LAYOUT, (entry, text) => entry.tagName === 'p' && text.includes('{counter}'));
    const counted = await editText(counter.id, 'Tổng số cánh đồng: 3/12', 'Số cánh đồng: 3/12');
    expect(counted.statusCode, counted.body).toBe(200);
    expect(read(FIELDS)).toContain('`Số cánh đồng: ${counts.shown}/${counts.total}`');

    const label = element(SELECT, (entry) => entry.tagName === 'label');
    const placesBefore = read(PLACES);
    const ambiguous = await editText(label.id, 'Quốc gia', 'Nước');
    expect(ambiguous.statusCode).toBe(409);
    expect(ambiguous.json()).toMatchObject({ code: 'TEXT_HOME_AMBIGUOUS' });
    expect(ambiguous.json<{ message: string }>().message).toContain(`${REGION}:${lineOf(REGION, 'label="Quốc gia"')}`);
    const regionSite = element(REGION, (entry, text) => entry.tagName === 'SelectField' && text.includes('label="Quốc gia"'));
    const one = await editText(label.id, 'Quốc gia', 'Nước', [regionSite.id]);
    expect(one.statusCode, one.body).toBe(200);
    expect(read(REGION)).toContain('label="Nước"');
    expect(read(PLACES)).toBe(placesBefore);

    const option = element(SELECT, (entry, text) => entry.tagName === 'option' && text.includes('option.label'));
    const refused = await editText(option.id, 'Việt Nam', 'Viet Nam');
    expect(refused.statusCode).toBe(422);
    expect(refused.json<{ message: string }>().message).toMatch(/run time|package|computed/);

    for (let step = 0; step < 4; step += 1) {
      const undone = await post('/_studio/api/canvases/text/parseAndMutate/activities/undoChangeToFiles', {});
      expect(undone.statusCode, undone.body).toBe(200);
    }
    expect(hashTree(path.join(root, 'src'))).toEqual(before);
  });
});
