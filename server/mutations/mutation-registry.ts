/**
 * Which transform writes which kind of change. The table is typed over every kind, so a kind added to the
 * contract without a transform does not compile; an unknown kind at run time is a 400.
 */
import type { MutationBodies } from '../../contracts/changes.js';
import type { MutationKind } from '../../contracts/change-kinds.js';
import { appError } from '../../contracts/errors.js';
import { addClass } from './add-class.js';
import { editText } from './edit-text.js';
import { duplicate } from './duplicate.js';
import { wrapInDiv } from './wrap-in-div.js';
import { moveJsxElement } from './move-jsx-element.js';
import { addJsxElement } from './add-jsx-element.js';
import { styling } from './styling.js';
import { changeElementTag } from './change-element-tag.js';
import { changePropValue } from './change-prop-value.js';
import type { EditableFile } from '../engine/editable-file.js';
import type { MutationContext, MutationTransform } from '../engine/mutation-transform.js';
import { removeClass } from './remove-class.js';
import { removeJsxElement } from './remove-jsx-element.js';
import { updateClasses } from './update-classes.js';
import { themeToken } from './theme-token.js';

/** A mapped type over every kind: a kind without its transform does not compile. */
const TRANSFORMS: { [K in MutationKind]: MutationTransform<MutationBodies[K]> } = {
  styling,
  addJsxElement,
  moveJsxElement,
  removeJsxElement,
  changePropValue,
  wrapInDiv,
  duplicate,
  changeElementTag,
  addClass,
  removeClass,
  editText,
  updateClasses,
  themeToken,
};

export function runTransform<K extends MutationKind>(kind: K, context: MutationContext, body: MutationBodies[K]): EditableFile[] {
  const transform = Object.hasOwn(TRANSFORMS, kind) ? (TRANSFORMS[kind] as MutationTransform<MutationBodies[K]>) : undefined;
  if (!transform) throw appError('UNKNOWN_CHANGE_KIND', String(kind), Object.keys(TRANSFORMS));
  return transform(context, body);
}
