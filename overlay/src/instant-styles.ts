/**
 * Instant updates of styles (docs/editor.md#instant-updates): classes added, removed or swapped, styling values and
 * theme tokens, shown through the studio's own style element before the source is rewritten.
 */
import type { ChangeFieldsByType } from '@contracts/change-kinds.js';
import { kebabCase } from '@contracts/css-properties.js';
import { GENERATED_CLASS_PREFIX, TEMPORARY_STYLING_CLASS } from '@contracts/dom.js';
import type { FrameChangeItemOf } from '@contracts/frame-protocol.js';
import { modifiersShowInstantly } from '@contracts/tailwind-variants.js';
import { instantRule, sanitizeClassName } from './class-names.js';
import { elementsWithCodebaseId } from './element-identity.js';
import { fail, STYLE_ELEMENT_ID, unique, type InstantUpdateContext, type Outcome } from './instant-markers.js';
import { fetchTailwindCss } from './tailwind-client.js';
import { overrideThemeVariable, shownThemeValue } from './theme-overrides.js';

function styleSheet(): HTMLStyleElement {
  let style = document.getElementById(STYLE_ELEMENT_ID) as HTMLStyleElement | null;
  if (!style) {
    style = document.createElement('style');
    style.id = STYLE_ELEMENT_ID;
    document.head.appendChild(style);
  }
  return style;
}

/** Adds CSS text as rules of the studio's own style element; 'Error adding rule' is logged for each it refuses. */
function addRules(cssText: string, ruleName: string, ctx: InstantUpdateContext): boolean {
  const sheet = styleSheet().sheet;
  if (!sheet) {
    ctx.log('Error adding rule');
    return false;
  }
  const probe = new CSSStyleSheet();
  try {
    probe.replaceSync(cssText);
  } catch (error) {
    ctx.log(`Error adding ${ruleName}`, error);
    return false;
  }
  let ok = true;
  for (const rule of probe.cssRules) {
    try {
      sheet.insertRule(rule.cssText, sheet.cssRules.length);
    } catch (error) {
      ok = false;
      ctx.log(`Error adding ${ruleName}`, error);
    }
  }
  return ok;
}

export function removeRulesFor(className: string): void {
  const sheet = (document.getElementById(STYLE_ELEMENT_ID) as HTMLStyleElement | null)?.sheet;
  if (!sheet) return;
  for (let i = sheet.cssRules.length - 1; i >= 0; i--) {
    if (sheet.cssRules[i]!.cssText.includes(`.${className}`)) sheet.deleteRule(i);
  }
}

async function cssForClass(fields: ChangeFieldsByType['ADD_CLASS'], className: string, modifiers: string[]): Promise<string> {
  if (fields.cssEquivalent) return fields.cssEquivalent;
  return fetchTailwindCss([{ className, modifiers }]);
}

/**
 * Reads CSS for a class: the declarations of the class's own rule, to be shown under the generated class, and the
 * rules it needs (theme variables, `@property`, keyframes), kept whole and in their layers. A bare declaration
 * list (a `cssEquivalent`) is all declarations.
 */
function splitClassCss(css: string, className: string): { declarations: string; rules: string[] } {
  const probe = new CSSStyleSheet();
  try {
    probe.replaceSync(css);
  } catch {
    return { declarations: css, rules: [] };
  }
  if (probe.cssRules.length === 0) return { declarations: css, rules: [] };
  const classSelector = `.${CSS.escape(className)}`;
  const own: string[] = [];
  const any: string[] = [];
  const visit = (rules: CSSRuleList) => {
    for (const rule of rules) {
      if (rule instanceof CSSStyleRule) {
        any.push(rule.style.cssText);
        if (rule.selectorText.includes(classSelector)) own.push(rule.style.cssText);
        if (rule.cssRules?.length) visit(rule.cssRules);
      } else if (rule instanceof CSSGroupingRule) visit(rule.cssRules);
    }
  };
  visit(probe.cssRules);
  return { declarations: (own.length ? own : any).join(' '), rules: [...probe.cssRules].map((rule) => rule.cssText) };
}

export async function addClass(fields: ChangeFieldsByType['ADD_CLASS'], ctx: InstantUpdateContext): Promise<Outcome> {
  const { codebaseIdToAddClass: id, className } = fields;
  const modifiers = unique(fields.modifiers);
  if (!id || !className || !modifiersShowInstantly(modifiers)) return fail();
  const targets = elementsWithCodebaseId(id);
  if (!targets.length) return fail();
  const generated = `${GENERATED_CLASS_PREFIX}${sanitizeClassName(className)}`;
  let css: { declarations: string; rules: string[] };
  try {
    css = splitClassCss(await cssForClass(fields, className, []), className);
  } catch (error) {
    ctx.log('Error adding class CSS rule', error);
    return fail();
  }
  // What the class needs besides its own rule; a refusal here is logged and the class still tried.
  if (css.rules.length) addRules(css.rules.join('\n'), 'rule', ctx);
  if (!addRules(instantRule(generated, modifiers, css.declarations), 'class CSS rule', ctx)) {
    return fail();
  }
  for (const target of targets) target.classList.add(generated);
  return { success: true, sendNewNavTree: true, data: { addedClass: generated, codebaseAddedClass: className } };
}

export function styling(change: FrameChangeItemOf<'STYLING'>, ctx: InstantUpdateContext): Outcome {
  const { codebaseId: id, stylingChanges } = change.changeFields;
  const modifiers = unique(change.changeFields.modifiers);
  if (!id || !modifiersShowInstantly(modifiers) || typeof stylingChanges !== 'object' || stylingChanges === null) return fail();
  const targets = elementsWithCodebaseId(id);
  if (!targets.length) return fail();
  const generated = `${GENERATED_CLASS_PREFIX}styling-${sanitizeClassName(change.id)}`;
  // A property set to null is removed from the source, which hot reload shows: the preview shows the values set.
  const declarations = Object.entries(stylingChanges)
    .filter((entry): entry is [string, string] => typeof entry[1] === 'string')
    .map(([property, value]) => `${kebabCase(property)}: ${value} !important;`)
    .join(' ');
  if (!addRules(instantRule(generated, modifiers, declarations, change.changeFields.previewFrom), 'rule', ctx)) return fail();
  for (const target of targets) target.classList.add(generated, TEMPORARY_STYLING_CLASS);
  return { success: true, sendNewNavTree: true, data: { addedClass: generated } };
}

export async function updateClasses(fields: ChangeFieldsByType['UPDATE_CLASSES'], ctx: InstantUpdateContext): Promise<Outcome> {
  const id = fields.codebaseIdToUpdateClass;
  if (!id) return fail();
  const targets = elementsWithCodebaseId(id);
  if (!targets.length) return fail();
  const newClasses = unique(fields.newClasses);
  const oldClasses = unique(fields.oldClasses);
  const removed = oldClasses.filter((name) => !newClasses.includes(name));
  const added = newClasses.filter((name) => !oldClasses.includes(name));
  const involved = fields.involvedClasses ?? [];
  const missing = added.filter((name) => !involved.some((entry) => entry.tailwind === name && entry.css));
  let css = involved.filter((entry) => entry.css && added.includes(entry.tailwind)).map((entry) => entry.css).join('\n');
  if (missing.length) {
    try {
      css += '\n' + (await fetchTailwindCss(missing.map((className) => ({ className, modifiers: [] }))));
    } catch (error) {
      ctx.log('Error adding class CSS rule', error);
    }
  }
  if (css.trim()) addRules(css, 'class CSS rule', ctx);
  for (const target of targets) {
    target.classList.remove(...removed);
    target.classList.add(...added);
  }
  return { success: true, sendNewNavTree: true, data: { swappedClasses: { codebaseId: id, removed, added } } };
}

export function removeClass(fields: ChangeFieldsByType['REMOVE_CLASS']): Outcome {
  const { codebaseIdToRemoveClass: id, className } = fields;
  const targets = id ? elementsWithCodebaseId(id) : [];
  if (!className || !targets.length) return fail();
  for (const target of targets) target.classList.remove(className);
  return { success: true, sendNewNavTree: true, data: { swappedClasses: { codebaseId: id, removed: [className], added: [] } } };
}

/** Every frame shows the token's new value at once: the variable set on the page's root element (`theme-overrides.ts`). */
export function editThemeToken(fields: ChangeFieldsByType['EDIT_THEME_TOKEN']): Outcome {
  const { variable, value } = fields;
  if (typeof variable !== 'string' || !variable.startsWith('--') || typeof value !== 'string' || !value) return fail();
  const previous = shownThemeValue(variable);
  overrideThemeVariable(variable, value);
  return { success: true, sendNewNavTree: false, data: { themeOverride: { variable, value, previous } } };
}
