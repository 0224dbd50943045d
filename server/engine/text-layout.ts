/**
 * How a file lays out its lines: its line ending and its unit of indentation. Code the engine inserts is written
 * the file's way, so a CRLF file stays CRLF and a tab-indented one stays tab-indented. No I/O here.
 */

export type LineEnding = '\n' | '\r\n';

/** The line ending most lines of the text end with; LF when it has none (or as many of each). */
export function lineEndingOf(text: string): LineEnding {
  let crlf = 0;
  let lf = 0;
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) {
    if (at > 0 && text.charCodeAt(at - 1) === 13) crlf += 1;
    else lf += 1;
  }
  return crlf > lf ? '\r\n' : '\n';
}

/**
 * One level of indentation as the text writes it: a tab, or its smallest run of leading spaces (2 to 8); null
 * when no line of it is indented.
 */
export function indentUnitOf(text: string): string | null {
  let tabs = 0;
  let spaces = 0;
  let smallest = Number.POSITIVE_INFINITY;
  for (const match of text.matchAll(/\n([ \t]+)\S/g)) {
    const indent = match[1]!;
    if (indent.startsWith('\t')) tabs += 1;
    else {
      spaces += 1;
      smallest = Math.min(smallest, /^ */.exec(indent)![0].length);
    }
  }
  if (tabs === 0 && spaces === 0) return null;
  if (tabs > spaces) return '\t';
  return ' '.repeat(Math.min(Math.max(smallest, 2), 8));
}

/** Every line break of `text` written as `eol` (text the engine inserts, whatever file it came from). */
export function withLineEnding(text: string, eol: LineEnding): string {
  return eol === '\n' ? text.replace(/\r\n/g, '\n') : text.replace(/\r?\n/g, '\r\n');
}

/**
 * An offset of `text` mapped into `withLineEnding(text, eol)`: each line break before it that changed length
 * shifts it by one.
 */
export function offsetWithLineEnding(text: string, eol: LineEnding, offset: number): number {
  let shift = 0;
  for (let at = text.indexOf('\n'); at !== -1 && at <= offset; at = text.indexOf('\n', at + 1)) {
    const crlf = at > 0 && text.charCodeAt(at - 1) === 13;
    // LF → CRLF: a CR goes in before the LF; CRLF → LF: the CR before the LF goes.
    if (eol === '\r\n' && !crlf && at < offset) shift += 1;
    else if (eol === '\n' && crlf) shift -= 1;
  }
  return offset + shift;
}

/**
 * Leading whitespace written in `fromUnit` re-expressed in `toUnit`, level for level (a copied element's inner
 * lines keep their depth, in the target file's indentation); spaces that make no whole level stay spaces.
 */
export function convertIndent(indent: string, fromUnit: string, toUnit: string): string {
  if (fromUnit === toUnit || indent === '') return indent;
  let levels = 0;
  let rest = 0;
  if (fromUnit === '\t') {
    levels = /^\t*/.exec(indent)![0].length;
    rest = indent.length - levels;
  } else {
    let width = 0;
    for (const c of indent) width += c === '\t' ? fromUnit.length : 1;
    levels = Math.floor(width / fromUnit.length);
    rest = width - levels * fromUnit.length;
  }
  return toUnit.repeat(levels) + ' '.repeat(rest);
}
