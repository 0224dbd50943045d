/**
 * What the editor asks of the edited project's source (`dev` only): the facts of the elements it shows (where they
 * are written, how they render, where their text comes from), the console's components for the palette, and the
 * project's Tailwind class vocabulary for suggestions. The element lookup reads source text, so it is guarded like
 * a write; the two lists are plain reads of this origin.
 */
import type { FastifyPluginAsync } from 'fastify';
import { readFile } from 'node:fs/promises';
import type { ElementLookupAnswer, OpenInEditorAnswer, PaletteComponentsAnswer, SourceTextAnswer, TailwindClassesAnswer } from '../../contracts/studio-api.js';
import type { ProjectTheme } from '../../contracts/project-theme.js';
import { STUDIO_API_PATHS, STUDIO_API_PREFIX } from '../../contracts/studio-routes.js';
import { appError, fieldErrorsOf, validationError } from '../../contracts/errors.js';
import type { SharedSourceEditor } from '../shared-source-editor.js';
import { studioAnswersUncached, studioCallGuard } from './studio-call-guard.js';


/** Largest lookup body: `LOOKUP_LIMIT` ids of about fifty characters each, with room to spare. */
export const LOOKUP_BODY_LIMIT = 512 * 1024;

export interface StudioSourceOptions {
  root: string;
  token: string;
  sourceEditor: SharedSourceEditor;
}

/** The project's theme as `GET theme` answers it (the agent calls' theme too). */
export async function projectThemeAnswer(sourceEditor: SharedSourceEditor, root: string): Promise<ProjectTheme> {
  const { projectTailwindServices } = await import('../tailwind/project-tailwind-services.js');
  const { theme, css } = projectTailwindServices(sourceEditor, root);
  const answer = await theme.theme();
  // The style controls ask for the theme: a value set through them comes next, and needs the compiled CSS entry.
  css.warm();
  return answer;
}

export const studioSourcePlugin: FastifyPluginAsync<StudioSourceOptions> = async (app, { root, token, sourceEditor }) => {
  studioAnswersUncached(app);
  // The class list and the theme are the server's own readers of the project's Tailwind, shared with the CSS route.
  const tailwind = () =>
    import('../tailwind/project-tailwind-services.js').then(({ projectTailwindServices }) => projectTailwindServices(sourceEditor, root));

  app.post(
    `${STUDIO_API_PREFIX}${STUDIO_API_PATHS.elementsLookup}`,
    { bodyLimit: LOOKUP_BODY_LIMIT, onRequest: studioCallGuard(token) },
    async (request): Promise<ElementLookupAnswer> => {
      const [{ elementLookupBodySchema }, { lookupElements }, editor] = await Promise.all([
        import('../../contracts/studio-api.js'),
        import('../project-reads/element-lookup.js'),
        sourceEditor.get(),
      ]);
      const body = elementLookupBodySchema.safeParse(request.body);
      if (!body.success) throw validationError('element lookup', fieldErrorsOf(body.error.issues));
      const { codebaseIds, texts, instances, reach = 'project' } = body.data;
      if (reach === 'file') {
        const elements = await editor.readSource((index) => lookupElements(index, codebaseIds, texts, instances, 'file'));
        // The frame has painted: the project's files are parsed now, in slices between other requests, for the
        // lookup of every fact that follows.
        sourceEditor.warm();
        return { elements };
      }
      // After the warm-up when one runs: the search over every file then reads what it already parsed, rather than
      // parsing the whole project in one turn of the server.
      await sourceEditor.warmed();
      return { elements: await editor.readSource((index) => lookupElements(index, codebaseIds, texts, instances)) };
    },
  );

  // Guarded like the lookup: it answers source text. Only JSX files inside the root, by the engine's own path rules.
  app.post(`${STUDIO_API_PREFIX}${STUDIO_API_PATHS.sourceText}`, { onRequest: studioCallGuard(token) }, async (request): Promise<SourceTextAnswer> => {
    const [{ sourceTextBodySchema }, { resolveInRoot, realRoot }, { isJsxFile }] = await Promise.all([
      import('../../contracts/studio-api.js'),
      import('../engine/safe-paths.js'),
      import('../engine/source-index.js'),
    ]);
    const body = sourceTextBodySchema.safeParse(request.body);
    if (!body.success) throw validationError('source text request', fieldErrorsOf(body.error.issues));
    const file = resolveInRoot(realRoot(root), body.data.file);
    if (!isJsxFile(file.relative)) throw appError('PATH_FORBIDDEN', body.data.file, 'only JSX source files (.tsx, .jsx) are read here');
    let text: string;
    try {
      text = await readFile(file.absolute, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw appError('NOT_FOUND', `The file ${body.data.file}`);
      throw appError('PATH_FORBIDDEN', body.data.file, `it cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
    }
    return { file: file.relative, text };
  });

  // Guarded like a write: it starts a program on the person's machine.
  app.post(`${STUDIO_API_PREFIX}${STUDIO_API_PATHS.openInEditor}`, { onRequest: studioCallGuard(token) }, async (request): Promise<OpenInEditorAnswer> => {
    const [{ openInEditorBodySchema }, { resolveInRoot, realRoot }, { openInCodeEditor }] = await Promise.all([
      import('../../contracts/studio-api.js'),
      import('../engine/safe-paths.js'),
      import('../open-in-code-editor.js'),
    ]);
    const body = openInEditorBodySchema.safeParse(request.body);
    if (!body.success) throw validationError('open in editor request', fieldErrorsOf(body.error.issues));
    const file = resolveInRoot(realRoot(root), body.data.file);
    return openInCodeEditor(file.absolute, body.data.line, file.relative);
  });

  app.get(`${STUDIO_API_PREFIX}${STUDIO_API_PATHS.components}`, async (): Promise<PaletteComponentsAnswer> => {
    const [{ paletteComponents }, editor] = await Promise.all([import('../project-reads/palette-components.js'), sourceEditor.get()]);
    // Indexed first in slices: the frame's lookups and selections are answered between them, and a studio page opened
    // meanwhile loads its frame before the rest (issue 29).
    await sourceEditor.rescanned();
    return { components: await editor.readSource(paletteComponents) };
  });

  app.get(`${STUDIO_API_PREFIX}${STUDIO_API_PATHS.tailwindClasses}`, async (): Promise<TailwindClassesAnswer> => ({
    classes: await (await tailwind()).classes.classes(),
  }));

  app.get(`${STUDIO_API_PREFIX}${STUDIO_API_PATHS.theme}`, (): Promise<ProjectTheme> => projectThemeAnswer(sourceEditor, root));
};
