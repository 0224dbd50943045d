/**
 * The mock's token signing key of a project, kept in its `.plantation-studio/` so that a console signed in before a
 * restart of `dev` stays signed in after it (docs/history.md#sign-in-across-restarts). Readable by its owner only
 * (0600), made once: a new key is written to a temporary file with that mode and linked into place, so two starts at
 * the same moment end up with the same key and no reader ever sees half of one.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { STUDIO_FOLDER, studioFolder } from './project-folder.js';

export const SIGNING_KEY_FILE = `${STUDIO_FOLDER}/mock-signing-key`;
const KEY_BYTES = 32;
const OWNER_ONLY = 0o600;

/** The key as stored: hex, on one line. */
function parseKey(text: string): Uint8Array | null {
  const hex = text.trim();
  return /^[0-9a-f]+$/.test(hex) && hex.length === KEY_BYTES * 2 ? new Uint8Array(Buffer.from(hex, 'hex')) : null;
}

/** Writes a new key where none is (or replaces an unusable one) in one step; answers the key that is there now. */
function placeNewKey(file: string, replace: boolean): Uint8Array {
  const key = randomBytes(KEY_BYTES);
  const temp = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}-${randomBytes(8).toString('hex')}.tmp`);
  fs.writeFileSync(temp, `${key.toString('hex')}\n`, { mode: OWNER_ONLY, flag: 'wx' });
  try {
    // The open's mode went through the umask: make sure it is exactly owner-only before the key is visible.
    fs.chmodSync(temp, OWNER_ONLY);
    if (replace) fs.renameSync(temp, file);
    else {
      try {
        fs.linkSync(temp, file);
      } catch (error) {
        // Another start made it first: its key is the project's.
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        return readProjectSigningKey(file, () => undefined);
      }
    }
  } finally {
    fs.rmSync(temp, { force: true });
  }
  return new Uint8Array(key);
}

function readProjectSigningKey(file: string, warn: (message: string) => void): Uint8Array {
  const stat = fs.lstatSync(file);
  if (!stat.isFile()) throw new Error(`${SIGNING_KEY_FILE} is not a file`);
  if ((stat.mode & 0o077) !== 0) {
    // Why fix rather than refuse: the key signs only the mock's tokens; what matters is that it stops being shared.
    fs.chmodSync(file, OWNER_ONLY);
    warn(`${SIGNING_KEY_FILE} could be read by others (mode ${(stat.mode & 0o777).toString(8)}): it is now readable by its owner only`);
  }
  const key = parseKey(fs.readFileSync(file, 'utf8'));
  if (key) return key;
  warn(`${SIGNING_KEY_FILE} is not a signing key: a new one replaces it (consoles signed in before sign in again)`);
  return placeNewKey(file, true);
}

/** The project's signing key for the mock's tokens, made on first use. */
export function projectSigningKey(root: string, warn: (message: string) => void = (message) => console.warn(message)): Uint8Array {
  const file = path.join(studioFolder(root, STUDIO_FOLDER), path.basename(SIGNING_KEY_FILE));
  if (fs.lstatSync(file, { throwIfNoEntry: false })) return readProjectSigningKey(file, warn);
  return placeNewKey(file, false);
}
