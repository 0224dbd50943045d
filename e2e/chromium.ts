/**
 * The browser of the end-to-end suite: Debian's Chromium, never a downloaded build.
 */
import { existsSync } from 'node:fs';

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/lib/chromium/chromium'];

export function findChromium(): string {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) {
    if (!existsSync(fromEnv)) {
      throw new Error(`CHROMIUM_PATH=${fromEnv} does not exist: point it at a Chromium binary, or unset it to use Debian's (apt-get install chromium)`);
    }
    return fromEnv;
  }
  const found = CANDIDATES.find((path) => existsSync(path));
  if (!found) {
    throw new Error(
      'Chromium was not found. The end-to-end tests use Debian\'s Chromium: install it with `apt-get install chromium` ' +
        '(as root, after `apt-get update`), or point CHROMIUM_PATH at a Chromium binary.',
    );
  }
  return found;
}

/** Flags for a headless Chromium on a machine with no network but loopback, possibly running as root. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];
