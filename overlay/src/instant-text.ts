/** The instant update of text (docs/editor.md#instant-updates). */
import type { ChangeFieldsByType } from '@contracts/change-kinds.js';
import { elementsWithCodebaseId } from './element-identity.js';
import { fail, type Outcome } from './instant-markers.js';
import { renderedThrough } from './react-fibers.js';
import { visibleText } from './text-edit-machine.js';

const holdsOnlyText = (element: Element) => [...element.childNodes].every((node) => node.nodeType === Node.TEXT_NODE);

/**
 * The new text in every copy of the element that holds only text and shows the old words (the frame that typed it
 * in place already shows it). Copies of bound text show other words (`{label}` in each use of a component) and keep
 * them; with an `instance`, only the copies rendered through its innermost call site change. Set as the element's
 * text, as React sets a static text: its own update after the hot reload writes the same text over it, so nothing
 * changes on screen then.
 */
export function editText(fields: ChangeFieldsByType['EDIT_TEXT']): Outcome {
  const id = fields.codebaseIdToEditText;
  const oldText = visibleText(typeof fields.oldText === 'string' ? fields.oldText : '');
  const through = fields.instance?.[0];
  const showsOld = (element: Element) =>
    element.textContent === fields.newText || (visibleText(element.textContent ?? '') === oldText && (!through || renderedThrough(element).includes(through)));
  const targets = id && typeof fields.newText === 'string' ? elementsWithCodebaseId(id).filter((element) => holdsOnlyText(element) && showsOld(element)) : [];
  if (!targets.length) return fail();
  for (const target of targets) if (target.textContent !== fields.newText) target.textContent = fields.newText;
  return { success: true, sendNewNavTree: true, data: { replacedText: { codebaseId: id, oldText: fields.oldText, newText: fields.newText } } };
}
