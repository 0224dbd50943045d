/**
 * Writes `docs/errors.md` from the error catalogue (`contracts/errors.ts`): one heading, so one anchor, per code, with
 * its status and its message (the message's arguments shown by name). The page is generated, never edited by hand:
 * its test (`scripts/errors-doc.test.ts`, unit tier) fails when the page is not what the catalogue gives, so a code
 * added to the catalogue without running this fails `npm test`. By hand:
 *
 *   npx tsx scripts/errors-doc.ts
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ERRORS } from '../contracts/errors.js';

export const ERRORS_DOC = fileURLToPath(new URL('../docs/errors.md', import.meta.url));

/** The names of a message function's parameters, read from its source (`(where, why) => …`). */
function parameterNames(message: (...args: never[]) => string): string[] {
  const source = message.toString();
  const list = /^\s*(?:function\s*\w*\s*)?\(([^)]*)\)/.exec(source)?.[1] ?? /^\s*(\w+)\s*=>/.exec(source)?.[1] ?? '';
  return list
    .split(',')
    .map((name) => name.replace(/[=:].*$/s, '').trim())
    .filter(Boolean);
}

/**
 * The message with each argument shown as `‹name›`. Why a one-item array: it prints as its item in a template and
 * also answers `.join`, so a message that lists a known set reads the same way.
 */
export function messageTemplate(message: (...args: never[]) => string): string {
  const args = parameterNames(message).map((name) => [`‹${name}›`]);
  try {
    return String((message as (...a: unknown[]) => unknown)(...args));
  } catch {
    return `(a message from ${args.flat().join(', ') || 'no arguments'})`;
  }
}

export function errorsDoc(): string {
  const codes = Object.keys(ERRORS) as Array<keyof typeof ERRORS>;
  const lines = [
    '# Error codes',
    '',
    '<!-- Generated from contracts/errors.ts by `npx tsx scripts/errors-doc.ts`: do not edit by hand. -->',
    '',
    `Every error the studio, the mock API and the agent calls answer has one of these ${codes.length} codes, in JSON`,
    '`{code, message}` (plus `errors`, a list of `{field, message}`, for `VALIDATION_FAILED`). The catalogue is',
    '`contracts/errors.ts`; a code links here as `docs/errors.md#<code in lower case>`.',
    '',
    '| Code | Status |',
    '| --- | --- |',
    ...codes.map((code) => `| [${code}](#${code.toLowerCase()}) | ${ERRORS[code].status} |`),
    '',
  ];
  for (const code of codes) {
    const template = messageTemplate(ERRORS[code].message).replace(/\s+/g, ' ');
    lines.push(`## ${code}`, '', `Status ${ERRORS[code].status}. The message: ${template.includes('`') ? template : `\`${template}\``}`, '');
  }
  return lines.join('\n');
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const text = errorsDoc();
  const before = (() => {
    try {
      return readFileSync(ERRORS_DOC, 'utf8');
    } catch {
      return '';
    }
  })();
  writeFileSync(ERRORS_DOC, text);
  console.log(before === text ? 'docs/errors.md was up to date.' : 'docs/errors.md written from contracts/errors.ts.');
}
