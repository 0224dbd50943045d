/**
 * The layering of the README's folder map, kept by dependency-cruiser (`npm run lint:deps`, part of `npm test`):
 *
 *   contracts  ←  everything (it imports nothing outside itself)
 *   mocks      ←  server  ←  cli            (the mock does not import the server)
 *   overlay, client/editor, client/console  (share only contracts)
 *   server: codebase-ids  ←  engine  ←  mutations (the transforms)  ←  plugins, and
 *           project-reads, tailwind, agent  ←  plugins; the engine is handed what it needs from above as options
 *           (server/studio-source-editor.ts wires the transforms, the palette's list and the theme into it)
 *   client/editor: its layers (client/editor/src/README.md), none importing upward or sideways
 *
 * Tests and test helpers may import what they test across these lines (a mock test starts a server to reach the
 * mock through HTTP); the rules below say where.
 */
/** Test code: the rules of the runtime code do not bind it. */
const TEST_CODE = '(\\.test\\.tsx?|-test-support\\.ts)$';

/**
 * The layers inside the editor, from the lowest (client/editor/src/README.md): a module imports from its own folder
 * and from the layers below it, never from a layer above or beside it; what a lower layer must call above itself
 * it is given as a callback. The app's own files, at the top of src/, are the highest layer.
 */
const EDITOR_LAYERS = [['api', 'state'], ['frame'], ['changes'], ['services'], ['canvas', 'keyboard'], ['layers', 'palette', 'panels', 'toolbar', 'agent']];

function editorLayerRules() {
  return EDITOR_LAYERS.flatMap((layer, index) =>
    layer.map((folder) => {
      const notBelow = EDITOR_LAYERS.slice(index).flat().filter((other) => other !== folder);
      return {
        name: `editor-layers-${folder}`,
        comment: `client/editor: ${folder}/ imports only its own folder and the layers below it, not ${notBelow.join(', ')} or the app's files; pass a callback down instead`,
        severity: 'error',
        from: { path: `^client/editor/src/${folder}/`, pathNot: TEST_CODE },
        to: { path: `^client/editor/src/((${notBelow.join('|')})/|[^/]+$)` },
      };
    }),
  );
}

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'An import loop: modules that load each other have no order a reader (or a bundler) can follow.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'not-to-unresolvable',
      comment: 'An import that resolves to nothing: a missing file or package, or an alias these rules cannot see through.',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
    {
      name: 'contracts-import-nothing',
      comment: 'contracts/ is shared by every runtime: it imports nothing from the other folders.',
      severity: 'error',
      from: { path: '^contracts/' },
      to: { path: '^(bin|cli|server|mocks|client|overlay|e2e|bench|test-support|scripts)/' },
    },
    {
      name: 'mocks-do-not-import-server',
      comment: 'The mock is below the server: the server mounts it, the mock does not reach back up.',
      severity: 'error',
      from: { path: '^mocks/', pathNot: TEST_CODE },
      to: { path: '^server/' },
    },
    {
      name: 'overlay-shares-only-contracts',
      comment: 'The overlay runs in the console frame: from the other folders it may import contracts/ only.',
      severity: 'error',
      from: { path: '^overlay/' },
      to: { path: '^(bin|cli|server|mocks|client|e2e|bench|test-support|scripts)/' },
    },
    {
      name: 'editor-shares-only-contracts',
      comment: 'The editor runs in the studio page: from the other folders it may import contracts/ only.',
      severity: 'error',
      from: { path: '^client/editor/' },
      to: { path: '^(bin|cli|server|mocks|client/console|overlay|e2e|bench|test-support|scripts)/' },
    },
    {
      name: 'console-stands-alone',
      comment: 'The console is the project `init` copies: from the other folders it may import contracts/ only.',
      severity: 'error',
      // Its tests may check it against the mock's data (the country names it must match).
      from: { path: '^client/console/', pathNot: TEST_CODE },
      to: { path: '^(bin|cli|server|mocks|client/editor|overlay|e2e|bench|test-support|scripts)/' },
    },
    {
      name: 'node-code-stays-out-of-browser-code',
      comment: 'cli/, server/ and mocks/ run in Node and are built alone: they import no browser folder, tests or bench.',
      severity: 'error',
      from: { path: '^(cli|server|mocks)/', pathNot: TEST_CODE },
      to: { path: '^(client|overlay|e2e|bench|test-support|scripts)/' },
    },
    {
      name: 'server-does-not-import-cli',
      comment: 'The CLI starts the server; the server does not reach back into the CLI.',
      severity: 'error',
      from: { path: '^server/' },
      to: { path: '^cli/' },
    },
    {
      name: 'server-engine-below-transforms',
      comment: 'server/engine/ (parse, index, write, history) knows no transform, read, Tailwind reader, agent or plugin: what it needs from them it is handed (server/studio-source-editor.ts).',
      severity: 'error',
      from: { path: '^server/engine/', pathNot: TEST_CODE },
      to: { path: '^server/(mutations|project-reads|tailwind|agent|plugins|vite-plugins)/|^server/[^/]+$', pathNot: '^server/project-folder\\.ts$' },
    },
    {
      name: 'server-codebase-ids-below-engine',
      comment: 'server/codebase-ids/ (the ids of JSX elements) is below the engine: it imports no other server folder.',
      severity: 'error',
      from: { path: '^server/codebase-ids/', pathNot: TEST_CODE },
      to: { path: '^server/(?!codebase-ids/)' },
    },
    {
      name: 'server-transforms-below-plugins',
      comment: 'server/mutations/ (the transforms and their registry) is built on the engine and called by the routes: it imports no plugin, agent or read.',
      severity: 'error',
      from: { path: '^server/mutations/', pathNot: TEST_CODE },
      to: { path: '^server/(plugins|vite-plugins|agent|project-reads)/|^server/[^/]+$' },
    },
    {
      name: 'server-styling-below-plugins',
      comment: 'server/styling/ (how a project styles: detection and the idioms\' writers) is built on the engine and used by the transforms and the theme: it imports no plugin, agent, read or transform registry.',
      severity: 'error',
      from: { path: '^server/styling/', pathNot: TEST_CODE },
      to: { path: '^server/(plugins|vite-plugins|agent|project-reads)/|^server/mutations/mutation-registry\\.ts$|^server/[^/]+$' },
    },
    {
      name: 'server-services-below-plugins',
      comment: 'server/project-reads/, server/tailwind/ and server/agent/ serve the routes: they import no plugin (a route calls them, not the other way).',
      severity: 'error',
      from: { path: '^server/(project-reads|tailwind|agent)/', pathNot: TEST_CODE },
      to: { path: '^server/(plugins|vite-plugins)/|^server/create-server\\.ts$' },
    },
    ...editorLayerRules(),
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|__fixtures__)/|routeTree\\.gen\\.ts$' },
    tsPreCompilationDeps: true,
    combinedDependencies: false,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
    // The browser runtimes' `@contracts/*` path, declared once from the root.
    tsConfig: { fileName: 'tsconfig.depcruise.json' },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
