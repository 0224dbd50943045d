/**
 * The mock's token signing key of a project, kept in its `.plantation-studio/` so that a console signed in before a
 * restart of `dev` stays signed in after it (docs/history.md#sign-in-across-restarts). Readable by its owner only
 * (0600), made once: a new key is written to a temporary file with that mode and linked into place, so two starts at
 * the same moment end up with the same key and no reader ever sees half of one.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { openStateFile, STUDIO_FOLDER, studioFolder } from './project-folder.js';

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
        return readProjectSigningKey(path.dirname(path.dirname(file)), () => undefined);
      }
    }
  } finally {
    fs.rmSync(temp, { force: true });
  }
  return new Uint8Array(key);
}

function readProjectSigningKey(root: string, warn: (message: string) => void): Uint8Array {
  const file = path.join(root, ...SIGNING_KEY_FILE.split('/'));
  // Opened without following a link: its mode is fixed and its bytes read on the file itself, never elsewhere.
  const fd = openStateFile(root, SIGNING_KEY_FILE);
  if (fd === null) return placeNewKey(file, false);
  let text: string;
  try {
    const stat = fs.fstatSync(fd);
    if ((stat.mode & 0o077) !== 0 && stat.nlink > 1) {
      // Another name of the same file (a hard link) may be anyone's: its mode is not ours to change.
      warn(`${SIGNING_KEY_FILE} could be read by others and has other names (hard links): a new key replaces it (consoles signed in before sign in again)`);
      return placeNewKey(file, true);
    }
    if ((stat.mode & 0o077) !== 0) {
      // Why fix rather than refuse: the key signs only the mock's tokens; what matters is that it stops being shared.
      fs.fchmodSync(fd, OWNER_ONLY);
      warn(`${SIGNING_KEY_FILE} could be read by others (mode ${(stat.mode & 0o777).toString(8)}): it is now readable by its owner only`);
    }
    text = fs.readFileSync(fd, 'utf8');
  } finally {
    fs.closeSync(fd);
  }
  const key = parseKey(text);
  if (key) return key;
  warn(`${SIGNING_KEY_FILE} is not a signing key: a new one replaces it (consoles signed in before sign in again)`);
  return placeNewKey(file, true);
}

/** The project's signing key for the mock's tokens, made on first use. */
export function projectSigningKey(root: string, warn: (message: string) => void = (message) => console.warn(message)): Uint8Array {
  studioFolder(root, STUDIO_FOLDER);
  return readProjectSigningKey(root, warn);
}
