/**
 * One file as a change sees it: the text and parse it started from, plus the text edits the change makes. Edits
 * are kept as ranges of the original text, so untouched bytes stay identical and every element's new position
 * (hence its new id) can be worked out afterwards. No I/O here.
 */
import type { ts } from 'ts-morph';
import type { JsxElementEntry } from '../codebase-ids/index-jsx-elements.js';
import { indentUnitOf, lineEndingOf, offsetWithLineEnding, withLineEnding, type LineEnding } from './text-layout.js';

/** Something the inserted text contains at `offset`: an element created by the change, or one moved there. */
export type EditMark =
  | { kind: 'added'; offset: number; length: number }
  | { kind: 'moved'; offset: number; fromFile: string; fromStart: number; fromEnd: number };

export interface TextEdit {
  start: number;
  end: number;
  text: string;
  marks: EditMark[];
  /** Insertion order: edits at the same position keep the order they were made in. */
  seq: number;
}

/** The parse of a JSX file and its indexed elements. */
export interface ParsedSource {
  sourceFile: ts.SourceFile;
  entries: JsxElementEntry[];
  byId: Map<string, JsxElementEntry>;
}

export class EditableFile {
  readonly edits: TextEdit[] = [];
  /** `orderedEdits()` as last worked out (ids are mapped through it once per element). */
  private ordered: Array<TextEdit & { newStart: number }> | null = null;

  constructor(
    /** Root-relative POSIX path. */
    readonly relative: string,
    /** Real absolute path. */
    readonly absolute: string,
    readonly text: string,
    /** False for a file the change creates. */
    readonly existed: boolean,
    /** Present for JSX/TSX files. */
    readonly parsed: ParsedSource | null,
    /** The file starts with a byte order mark, which `text` leaves out and a write puts back. */
    readonly bom = false,
  ) {}

  /**
   * For a file that does not show its layout (one the change creates, a stylesheet with no indented line): the
   * file whose line ending and indentation it takes.
   */
  layoutSource: EditableFile | null = null;
  private layout: { eol: LineEnding | null; indentUnit: string | null } | null = null;
  /** `resultText()` as last made (until the next edit): the engine asks for it several times per change. */
  private result: string | null = null;
  /** SHA-256 of the file's bytes as the index read them, when it did (the text is then exactly those bytes). */
  knownDiskHash: string | null = null;

  private ownLayout(): { eol: LineEnding | null; indentUnit: string | null } {
    this.layout ??= { eol: this.text.includes('\n') ? lineEndingOf(this.text) : null, indentUnit: indentUnitOf(this.text) };
    return this.layout;
  }

  /** The line ending code inserted here is written with; null when nothing tells (text is kept as given). */
  get eol(): LineEnding | null {
    return this.ownLayout().eol ?? this.layoutSource?.eol ?? null;
  }

  /** One level of indentation: the file's own, else its layout source's, else two spaces. */
  get indentUnit(): string {
    return this.ownLayout().indentUnit ?? this.layoutSource?.indentUnit ?? '  ';
  }

  /** The text as it is on disk (byte order mark included) before and after the change. */
  get diskText(): string {
    return this.bom ? `\uFEFF${this.text}` : this.text;
  }

  resultDiskText(): string {
    return this.bom ? `\uFEFF${this.resultText()}` : this.resultText();
  }

  get changed(): boolean {
    return this.edits.length > 0;
  }

  /**
   * Replaces `[start, end)` of the original text. Line breaks in `text` are written the file's way (a moved or
   * copied element may come from a file with other line endings); marks follow.
   */
  replace(start: number, end: number, given: string, givenMarks: EditMark[] = []): void {
    if (start < 0 || end > this.text.length || start > end) throw new Error(`Edit out of range in ${this.relative}`);
    // Only text with a line break needs the file's line ending: working it out reads the whole file.
    const eol = given.includes('\n') ? this.eol : null;
    let text = given;
    let marks = givenMarks;
    if (eol) {
      text = withLineEnding(given, eol);
      if (text !== given) {
        const at = (offset: number) => offsetWithLineEnding(given, eol, offset);
        marks = givenMarks.map((mark) => {
          const offset = at(mark.offset);
          return mark.kind === 'added' ? { ...mark, offset, length: at(mark.offset + mark.length) - offset } : { ...mark, offset };
        });
      }
    }
    for (const other of this.edits) {
      const overlaps = start < other.end && other.start < end;
      const insertsInto = (start === end && start > other.start && start < other.end) || (other.start === other.end && other.start > start && other.start < end);
      if (overlaps || insertsInto) throw new Error(`Overlapping edits in ${this.relative} at ${start}–${end}`);
    }
    this.edits.push({ start, end, text, marks, seq: this.edits.length });
    this.ordered = null;
    this.result = null;
  }

  insert(position: number, text: string, marks: EditMark[] = []): void {
    this.replace(position, position, text, marks);
  }

  /** Edits in the order they apply, each with where its text starts in the new text. */
  orderedEdits(): Array<TextEdit & { newStart: number }> {
    if (this.ordered) return this.ordered;
    // At one position, insertions go before a replacement that starts there, in the order they were made.
    const width = (edit: TextEdit) => (edit.start === edit.end ? 0 : 1);
    const sorted = [...this.edits].sort((a, b) => a.start - b.start || width(a) - width(b) || a.seq - b.seq);
    let delta = 0;
    this.ordered = sorted.map((edit) => {
      const placed = { ...edit, newStart: edit.start + delta };
      delta += edit.text.length - (edit.end - edit.start);
      return placed;
    });
    return this.ordered;
  }

  resultText(): string {
    if (this.result !== null) return this.result;
    let result = '';
    let cursor = 0;
    for (const edit of this.orderedEdits()) {
      result += this.text.slice(cursor, edit.start) + edit.text;
      cursor = edit.end;
    }
    this.result = result + this.text.slice(cursor);
    return this.result;
  }

  /**
   * Where an element starting at `position` of the original text starts in the new text, or null when an edit
   * replaced or removed it. Text inserted exactly at the position goes before it.
   */
  mapPosition(position: number): number | null {
    let delta = 0;
    for (const edit of this.orderedEdits()) {
      if (edit.start > position) break;
      if (edit.start < edit.end && position < edit.end) return null;
      delta += edit.text.length - (edit.end - edit.start);
    }
    return position + delta;
  }
}
