/**
 * Uses of a name that a change leaves as they were. The passes that remove what a change left unused (imports,
 * locals, styled components) ask whether a name is still used after the change; the exact answer parses the file's
 * new text whole and walks it, which for a 140 KB page cost most of a move's or a wrap's time (issue 29) while the
 * name was used a dozen times elsewhere in the file.
 *
 * So first: a name written as a use, in the old parse, where no edit of the change touches the word or the syntax
 * around it (the construct it is written in), is written the same way, in the same place of the same construct,
 * after the change. Enough such uses mean the name stays used, and the whole parse is not needed; when there are
 * not enough, the caller works the answer out exactly as before. This only ever answers "still used", so the worst a
 * wrong answer could do is keep something unused, never remove what is used.
 */
import { ts } from 'ts-morph';
import type { EditableFile } from './editable-file.js';

const WORD_CHARACTER = /[\w$]/;

/** The text each edit takes away, widened to the words it touches (an insertion inside a name changes that name). */
function touchedTexts(file: EditableFile): string[] {
  const { text } = file;
  return file.edits.map((edit) => {
    let from = edit.start;
    while (from > 0 && WORD_CHARACTER.test(text[from - 1]!)) from -= 1;
    let to = edit.end;
    while (to < text.length && WORD_CHARACTER.test(text[to]!)) to += 1;
    return text.slice(from, to);
  });
}

/** The names written in the text the change's edits take away: only these can lose a use. */
export function touchedNames(file: EditableFile, names: Iterable<string>): string[] {
  const touched = touchedTexts(file);
  return [...names].filter((name) => touched.some((text) => text.includes(name)));
}

/** Whether an edit of the change replaces, removes or inserts anything in `[start, end]` (its ends included). */
function editedWithin(file: EditableFile, start: number, end: number): boolean {
  return file.edits.some((edit) => edit.start <= end && start <= edit.end);
}

/** The innermost node of `sourceFile` whose text (trivia included) holds `position`. */
function nodeAt(sourceFile: ts.SourceFile, position: number): ts.Node {
  let node: ts.Node = sourceFile;
  for (;;) {
    let inner: ts.Node | undefined;
    ts.forEachChild(node, (child) => {
      if (child.pos <= position && position < child.end) {
        inner = child;
        return true;
      }
      return undefined;
    });
    if (!inner) return node;
    node = inner;
  }
}

/** The most occurrences of one name looked at before the caller is left to its exact answer. */
const LOOKED_AT = 200;

/**
 * Whether `sourceFile` (the parse of `file.text`, before the change) writes `name` as a use at least `enough` times
 * where the change leaves the word and its construct untouched: `isUse` tells a use from an identifier that is not
 * one (a member's name, an import's own binding).
 */
export function keepsUses(file: EditableFile, sourceFile: ts.SourceFile, name: string, isUse: (identifier: ts.Identifier) => boolean, enough: number): boolean {
  const { text } = file;
  let found = 0;
  let looked = 0;
  for (let at = text.indexOf(name); at !== -1 && looked < LOOKED_AT; at = text.indexOf(name, at + name.length)) {
    const end = at + name.length;
    // A whole word only, and one the change does not touch.
    if ((at > 0 && WORD_CHARACTER.test(text[at - 1]!)) || (end < text.length && WORD_CHARACTER.test(text[end]!))) continue;
    looked += 1;
    if (editedWithin(file, at, end)) continue;
    const node = nodeAt(sourceFile, at);
    if (!ts.isIdentifier(node) || node.text !== name || node.getStart(sourceFile) !== at || !isUse(node)) continue;
    // The construct the name is written in (a tag, a call, a member access, an attribute) decides whether it is a
    // use; left untouched, it decides the same after the change.
    if (editedWithin(file, node.parent.pos, node.parent.end)) continue;
    found += 1;
    if (found >= enough) return true;
  }
  return false;
}
