import { ts } from 'ts-morph';
import type { MutationBody } from '../../contracts/changes.js';
import { appError } from '../../contracts/errors.js';
import { describeElement, unwritable } from '../engine/jsx-source.js';
import type { LocatedElement, MutationContext, MutationTransform } from '../engine/mutation-transform.js';
import { planTextChange } from './text-change.js';
import { contextTextSources } from './text-sources.js';
import { decodeEntities, TextFollower } from './text-home.js';
import { encodeJsxText, writeTextHome } from './text-literal.js';

/** What a person sees of JSX text: whitespace runs shown as one space, entities decoded. */
export function visibleText(raw: string): string {
  return decodeEntities(raw).replace(/\s+/g, ' ').trim();
}

/** Replaces an element's static text; `oldText` must be what the source says (else the editor is stale: 409). */
export const editText: MutationTransform<MutationBody<'editText'>> = (context, body) => {
  const located = context.element(body.element, 'element to edit the text of');
  const { file, entry } = located;
  if (/[\r\n]/.test(body.newText)) throw unwritable(located, 'JSX text cannot hold a line break (it would show as a space)');
  const node = entry.node;
  const children = ts.isJsxElement(node) ? [...node.children] : [];
  const dynamic = children.find((child) => !ts.isJsxText(child));
  if (dynamic) return editBoundText(context, located, body);
  const raw = children.map((c) => c.getText()).join('');
  if (visibleText(raw) !== visibleText(body.oldText)) {
    throw appError('SOURCE_CONFLICT', `The text of ${describeElement(located)} is "${visibleText(raw)}" in the source, not "${visibleText(body.oldText)}"; nothing was written`);
  }
  const encoded = encodeJsxText(body.newText);
  if (!ts.isJsxElement(node)) {
    file.replace(node.attributes.end, node.end, `>${encoded}</${entry.tagName}>`);
    return [file];
  }
  const from = node.openingElement.end;
  const to = node.closingElement.pos;
  const text = file.text.slice(from, to);
  if (text.trim() === '') {
    file.replace(from, to, encoded);
    return [file];
  }
  const lead = /^\s*/.exec(text)?.[0].length ?? 0;
  const trail = /\s*$/.exec(text)?.[0].length ?? 0;
  file.replace(from + lead, to - trail, encoded);
  return [file];
};

/** Text made by an expression: the one literal that holds the words changed is written where it is (text-home.ts). */
function editBoundText(context: MutationContext, located: LocatedElement, body: MutationBody<'editText'>) {
  // Every use and the default are found through every call site: the instance does not narrow them.
  const wide = body.textScope === 'every' || body.textScope === 'default';
  const readings = new TextFollower(contextTextSources(context), wide ? [] : body.instance).elementReadings(located.entry);
  const plan = planTextChange(readings, body.oldText, body.newText, body.instance, body.textScope);
  if (plan.kind === 'stale') throw appError('SOURCE_CONFLICT', `The text of ${describeElement(located)}: ${plan.why}`);
  if (plan.kind === 'ambiguous') throw appError('TEXT_HOME_AMBIGUOUS', describeElement(located), plan.places);
  if (plan.kind === 'refused') throw unwritable(located, plan.why);
  // Every place is written in one change, so one undo step puts every file back.
  const files = new Map<string, ReturnType<MutationContext['file']>>();
  for (const { home, value } of plan.writes) {
    const file = context.file(home.file);
    files.set(home.file, file);
    writeTextHome(file, home, value, (why) => unwritable(located, why));
  }
  return [...files.values()];
}
