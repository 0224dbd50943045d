import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AGENT_API_PREFIX } from '../../contracts/agent-api.js';
import { STUDIO_API_PREFIX } from '../../contracts/studio-routes.js';
import { fixtureProject, type FixtureProject } from '../../test-support/fixture-project.js';
import { agentTestServer, call, openStream, TEST_TOKEN, type AgentTestServer, type LineReader } from '../agent/agent-test-support.js';
import { indexJsxElements, parseJsxSource } from '../codebase-ids/index-jsx-elements.js';
import { STUDIO_TOKEN_HEADER } from '../studio-token.js';

/** A Tailwind 4 project: the server computes the instant CSS of an agent's classes with the project's own Tailwind. */
describe("an agent's change carries the CSS of the classes it adds to the studio page", () => {
  let project: FixtureProject;
  let app: string;
  let server: AgentTestServer;
  let bridge: LineReader;
  let heading: string;
  const agentCall = (body: unknown) =>
    call(server.port, 'POST', `${AGENT_API_PREFIX}/changes/apply`, { authorization: `Bearer ${server.secret}` }, body);
  const page = () => ({ origin: server.origin, [STUDIO_TOKEN_HEADER]: TEST_TOKEN });
  const answer = (requestId: string) =>
    call(server.port, 'POST', `${STUDIO_API_PREFIX}/agent-bridge/answer`, page(), { pageId: 'page-1', requestId, ok: true, result: { changedFiles: [], prevIdToNewIdMap: {} } });
  /** What the page is asked for a change, answered as written. */
  const asked = async (request: unknown) => {
    const change = agentCall(request);
    const line = await bridge.take((entry) => entry.type === 'apply-change');
    await answer(line.requestId);
    expect((await change).status).toBe(200);
    return line;
  };

  beforeAll(async () => {
    project = await fixtureProject('tailwind4-postcss-plugin');
    app = await readFile(join(project.root, 'src/App.tsx'), 'utf8');
    heading = indexJsxElements(parseJsxSource('src/App.tsx', app), 'src/App.tsx').find((entry) => entry.tagName === 'h1')!.id;
  });
  afterAll(() => project?.remove());
  beforeEach(async () => {
    server = await agentTestServer(project.root, { bridgeTimeoutMs: 30_000, instantCssWaitMs: 30_000 });
    bridge = await openStream(server.port, 'POST', `${STUDIO_API_PREFIX}/agent-bridge`, page(), { pageId: 'page-1', canvasId: 'default' });
  });
  afterEach(async () => {
    bridge.close();
    await server.app.close();
  });

  it("an added class's rule, from the project's theme, with the body as the agent sent it in the project's framework", async () => {
    const body = { reactElement: { codebaseId: heading }, className: 'text-leaf', modifiers: ['hover'] };
    const line = await asked({ kind: 'addClass', body });
    // Written as the inspector writes it: in the project's framework, which the agent's body left out.
    expect(line.body).toEqual({ ...body, stylingFramework: 'Tailwind' });
    expect(line.instantCss.classes).toEqual(['text-leaf']);
    // The project's own colour, and the class's rule without its variant: the frame puts the variant on it.
    expect(line.instantCss.css).toMatch(/\.text-leaf\s*\{\s*color: var\(--color-leaf\)/);
    expect(line.instantCss.css).toContain('--color-leaf: oklch(0.62 0.17 145)');
    expect(line.instantCss.css).not.toContain('hover');
  });

  it('the classes an update of the list adds, not those it keeps or removes', async () => {
    const body = { reactElement: { codebaseId: heading }, oldClasses: ['text-3xl', 'font-bold'], newClasses: ['text-3xl', 'italic', 'tracking-wide'] };
    const line = await asked({ kind: 'updateClasses', body });
    expect(line.body).toEqual(body);
    expect(line.instantCss.classes).toEqual(['italic', 'tracking-wide']);
    expect(line.instantCss.css).toMatch(/\.italic\s*\{/);
    expect(line.instantCss.css).toMatch(/\.tracking-wide\s*\{/);
    expect(line.instantCss.css).not.toMatch(/\.text-3xl|\.font-bold/);
  });

  it('none for a kind that adds no class, nor for a class Tailwind does not know', async () => {
    const removal = await asked({ kind: 'removeClass', body: { reactElement: { codebaseId: heading }, className: 'font-bold' } });
    expect(removal).not.toHaveProperty('instantCss');
    const unknown = { reactElement: { codebaseId: heading }, className: 'text-leef-zz' };
    const line = await asked({ kind: 'addClass', body: unknown });
    expect(line.body).toEqual({ ...unknown, stylingFramework: 'Tailwind' });
    expect(line).not.toHaveProperty('instantCss');
  });

  it('a class Tailwind does not know is still written when the server writes the change itself', async () => {
    bridge.close();
    await bridge.ended;
    await expect.poll(async () => (await call(server.port, 'GET', `${AGENT_API_PREFIX}/selection`, { authorization: `Bearer ${server.secret}` })).body.code).toBe('AGENT_NO_STUDIO_PAGE');
    const written = await agentCall({ kind: 'addClass', body: { reactElement: { codebaseId: heading }, className: 'text-leef-zz' } });
    expect(written.status, JSON.stringify(written.body)).toBe(200);
    expect(written.body.appliedBy).toBe('server');
    // In the project's framework, as the inspector writes it: the text colour it names takes text-slate-900's place.
    expect(await readFile(join(project.root, 'src/App.tsx'), 'utf8')).toContain('text-3xl font-bold text-leef-zz');
    await call(server.port, 'POST', `${AGENT_API_PREFIX}/changes/undo`, { authorization: `Bearer ${server.secret}` });
    expect(await readFile(join(project.root, 'src/App.tsx'), 'utf8')).toBe(app);
  });
});
