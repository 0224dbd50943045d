/**
 * One file as a change sees it: the text and parse it started from, plus the text edits the change makes. Edits
 * are kept as ranges of the original text, so untouched bytes stay identical and every element's new position
 * (hence its new id) can be worked out afterwards. No I/O here.
 */
import type { ts } from 'ts-morph';
import type { JsxElementEntry } from '../codebase-ids/index-jsx-elements.js';

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
  ) {}

  get changed(): boolean {
    return this.edits.length > 0;
  }

  replace(start: number, end: number, text: string, marks: EditMark[] = []): void {
    if (start < 0 || end > this.text.length || start > end) throw new Error(`Edit out of range in ${this.relative}`);
    for (const other of this.edits) {
      const overlaps = start < other.end && other.start < end;
      const insertsInto = (start === end && start > other.start && start < other.end) || (other.start === other.end && other.start > start && other.start < end);
      if (overlaps || insertsInto) throw new Error(`Overlapping edits in ${this.relative} at ${start}–${end}`);
    }
    this.edits.push({ start, end, text, marks, seq: this.edits.length });
    this.ordered = null;
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
    let result = '';
    let cursor = 0;
    for (const edit of this.orderedEdits()) {
      result += this.text.slice(cursor, edit.start) + edit.text;
      cursor = edit.end;
    }
    return result + this.text.slice(cursor);
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
