import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importedBindings, pointedAt } from './vendor-start-up.js';

const DIST = fileURLToPath(new URL('../dist/', import.meta.url));

describe('the start-up packages vendored into the build', () => {
  it('finds the bindings the built files import: a default, named ones, renamed ones by their own name, not types', () => {
    const texts = [
      "import Fastify, {} from 'fastify';",
      "import { Command, Option as CommanderOption } from 'commander';\nimport { other } from 'commander-extra';",
      'import { InvalidArgumentError,\n  Command } from "commander";',
    ];
    expect(importedBindings(texts, 'fastify')).toEqual(['default']);
    expect(importedBindings(texts, 'commander')).toEqual(['Command', 'InvalidArgumentError', 'Option']);
    expect(() => importedBindings(["import * as commander from 'commander';"], 'commander')).toThrow(/namespace import/);
  });

  it('points static imports and re-exports of the package, and only of it, at the bundle', () => {
    const text = "import Fastify from 'fastify';\nimport plugin from 'fastify-plugin';\nexport { Command } from \"commander\";\nconst name = 'fastify';";
    expect(pointedAt(pointedAt(text, 'fastify', '../vendor/fastify.js'), 'commander', './vendor/commander.js')).toBe(
      "import Fastify from '../vendor/fastify.js';\nimport plugin from 'fastify-plugin';\nexport { Command } from \"./vendor/commander.js\";\nconst name = 'fastify';",
    );
  });

  // The build (`npm test` builds first) is what the CLI runs: its server and commands load the bundles, which are the
  // installed versions.
  it.runIf(existsSync(`${DIST}vendor/fastify.js`))('is what the built server and CLI load, at the installed versions', async () => {
    expect(readFileSync(`${DIST}server/create-server.js`, 'utf8')).toContain("from '../vendor/fastify.js'");
    expect(readFileSync(`${DIST}cli/index.js`, 'utf8')).toContain("from '../vendor/commander.js'");
    const require = createRequire(import.meta.url);
    const { default: Fastify } = (await import(`${DIST}vendor/fastify.js`)) as { default: () => { version: string } };
    expect(Fastify().version).toBe((require('fastify/package.json') as { version: string }).version);
    const { Command } = (await import(`${DIST}vendor/commander.js`)) as { Command: new () => { version(v: string): unknown } };
    expect(typeof new Command().version).toBe('function');
  });
});
