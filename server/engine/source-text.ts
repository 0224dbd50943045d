/**
 * The bytes of a source file as the engine edits them: UTF-8 text without its byte order mark, which the parse
 * leaves out of its positions and every write puts back. A file that is not UTF-8 cannot be edited without turning
 * its bytes into U+FFFD: it is refused (422, naming it), and nothing is written.
 */
import { createHash } from 'node:crypto';
import { appError } from '../../contracts/errors.js';

const BOM = '\uFEFF';
const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const lenientUtf8 = new TextDecoder('utf-8', { ignoreBOM: true });

export interface SourceText {
  /** The text without its byte order mark (what positions and ids are taken from). */
  text: string;
  bom: boolean;
  /** SHA-256 of the bytes on disk. */
  hash: string;
  /** Why the bytes are not UTF-8 (the text is then a lossy reading, for lookups only), or null. */
  encodingProblem: string | null;
}

export function sha256(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

/** The offset of the first byte that does not start a well-formed UTF-8 sequence (the decoder only says yes or no). */
function firstBadOffset(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const lead = bytes[i]!;
    if (lead < 0x80) {
      i += 1;
      continue;
    }
    const length = lead >= 0xc2 && lead <= 0xdf ? 2 : lead >= 0xe0 && lead <= 0xef ? 3 : lead >= 0xf0 && lead <= 0xf4 ? 4 : 0;
    if (length === 0 || i + length > bytes.length) return i;
    const second = bytes[i + 1]!;
    // The second byte's range rules out overlong forms, surrogates and code points past U+10FFFF.
    const low = lead === 0xe0 ? 0xa0 : lead === 0xf0 ? 0x90 : 0x80;
    const high = lead === 0xed ? 0x9f : lead === 0xf4 ? 0x8f : 0xbf;
    if (second < low || second > high) return i;
    for (let k = 2; k < length; k += 1) if ((bytes[i + k]! & 0xc0) !== 0x80) return i;
    i += length;
  }
  return bytes.length;
}

function firstBadByte(bytes: Uint8Array): string {
  const offset = firstBadOffset(bytes);
  const byte = bytes[offset];
  return byte === undefined ? 'it ends inside a character' : `byte 0x${byte.toString(16).toUpperCase().padStart(2, '0')} at offset ${offset} is not UTF-8`;
}

export function decodeSource(bytes: Uint8Array): SourceText {
  const hash = sha256(bytes);
  let decoded: string;
  let encodingProblem: string | null = null;
  try {
    decoded = strictUtf8.decode(bytes);
  } catch {
    decoded = lenientUtf8.decode(bytes);
    encodingProblem = firstBadByte(bytes);
  }
  const bom = decoded.startsWith(BOM);
  return { text: bom ? decoded.slice(1) : decoded, bom, hash, encodingProblem };
}

/** The 422 for a file the engine will not write because it is not UTF-8. */
export function notUtf8(relative: string, problem: string): Error {
  return appError('UNWRITABLE_PATTERN', relative, `the file is not UTF-8 text (${problem}); the studio edits only UTF-8 files and wrote nothing`);
}

/** What is written to disk for `text`: with the byte order mark the file had. */
export function encodeSource(text: string, bom: boolean): string {
  return bom ? BOM + text : text;
}
