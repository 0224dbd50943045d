/**
 * What `dev` loads before its ready line: the modules reachable through static imports from the CLI's entry and
 * from the server it imports at once (dynamic `import()` is how the rest is loaded on use). Why a test: one static
 * import of the API contract, the mock or a large library in this graph puts its whole load back in front of the
 * ready line, where no other test would notice it.
 */
import { readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Specifiers of the imports and re-exports that stay in the emitted JavaScript (`import type` does not). */
function runtimeImportsOf(source: string): string[] {
  const specifiers: string[] = [];
  const statement = /^\s*(import|export)\s+(type\s+)?([^;]*?)\s*from\s*'([^']+)'/gm;
  for (const match of source.matchAll(statement)) {
    if (!match[2]) specifiers.push(match[4]!);
  }
  for (const match of source.matchAll(/^\s*import\s+'([^']+)'/gm)) specifiers.push(match[1]!);
  return specifiers;
}

/** Every file and package reachable from `entries` through runtime imports, as paths from the package's root. */
function staticGraph(entries: readonly string[]): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    const key = relative(ROOT, file);
    if (files.has(key)) return;
    files.add(key);
    for (const specifier of runtimeImportsOf(readFileSync(file, 'utf8'))) {
      if (specifier.startsWith('.')) visit(join(dirname(file), specifier.replace(/\.js$/, '.ts')));
      else if (!specifier.startsWith('node:')) packages.add(specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/'));
    }
  };
  for (const entry of entries) visit(join(ROOT, entry));
  return { files, packages };
}

describe("the CLI's start-up imports", () => {
  it('reads runtime imports and skips type-only ones', () => {
    const source = [
      "import { a, type B } from './a.js';",
      "import type { C } from './c.js';",
      "export { d } from './d.js';",
      "export type { E } from './e.js';",
      "import {\n  f,\n  g,\n} from 'fastify';",
      "import './side-effect.js';",
    ].join('\n');
    expect(runtimeImportsOf(source)).toEqual(['./a.js', './d.js', 'fastify', './side-effect.js']);
  });

  it('leave the mock, the API schemas and the studio engine to be loaded on use', () => {
    const { files, packages } = staticGraph(['cli/index.ts', 'cli/run-server.ts']);
    // The graph is real: the server and the route table are in it.
    expect(files).toContain(join('server', 'create-server.ts'));
    expect(files).toContain(join('contracts', 'api-routes.ts'));
    for (const heavy of ['contracts/api.ts', 'mocks/mock-backend.ts', 'mocks/mock-api-answers.ts', 'mocks/mock-state.ts', 'mocks/handlers.ts']) {
      expect(files, heavy).not.toContain(join(...heavy.split('/')));
    }
    for (const heavy of ['zod', 'vite', '@faker-js/faker', 'jose', 'ts-morph', '@fastify/ajv-compiler', 'ajv', '@modelcontextprotocol/sdk']) {
      expect(packages, heavy).not.toContain(heavy);
    }
  });

  it("load nothing before `dev` starts Vite but the CLI's own parsing: no server, no engine, no resolver", () => {
    // What the CLI's entry loads statically is loaded before any command runs, and `dev` starts Vite only then
    // (console-vite.ts): every module here delays the start that the ready line waits for.
    const { files, packages } = staticGraph(['cli/index.ts']);
    expect(files).toContain(join('cli', 'commands', 'dev.ts'));
    expect([...packages]).toEqual(['commander']);
    for (const late of ['server/create-server.ts', 'server/engine/change-history.ts', 'server/engine/history-entries.ts', 'server/project-vite.ts', 'server/console-vite.ts']) {
      expect(files, late).not.toContain(join(...late.split('/')));
    }
  });
});
