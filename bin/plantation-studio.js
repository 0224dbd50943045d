#!/usr/bin/env node
// The executable shim: checks the Node version before anything can fail in a confusing way, then runs the
// built CLI.
import { existsSync } from 'node:fs';

const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 20 || (major === 20 && minor < 19)) {
  console.error(`plantation-studio needs Node.js 20.19 or newer; this is ${process.version}.`);
  process.exit(1);
}

const cli = new URL('../dist/cli/index.js', import.meta.url);
if (!existsSync(cli)) {
  console.error('plantation-studio is not built yet: run `npm install` (which builds it) or `npm run build` in its folder.');
  process.exit(1);
}

const { main } = await import(cli.href);
await main(process.argv);
