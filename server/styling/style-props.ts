/**
 * Chakra's and Mantine's idiom: a styling change written as the component's style props with the library's tokens,
 * as their developers write them: `mt={4}` and `fontSize="lg"` in Chakra (spacing in units of 4px, its font-size
 * and weight names), `mt="md"`, `fz="lg"`, `c="blue.6"` in Mantine; a colour token (`teal.500`) as given; a
 * breakpoint as a responsive object (`{ base: 4, md: 6 }`); a state as Chakra's `_hover={{ … }}`. A prop already
 * written under its long or short name keeps it. What the library has no prop for (a Mantine state) is written in
 * the project's CSS instead.
 */
import { ts } from 'ts-morph';
import { camelCase, kebabCase } from '../../contracts/css-properties.js';
import type { ProjectTheme, ThemeScale } from '../../contracts/project-theme.js';
import { colorTokenFor, lengthInPx } from '../../contracts/theme-tokens.js';
import type { EditableFile } from '../engine/editable-file.js';
import { findAttribute, preferredQuote, quoteString, setAttribute, sourceOf, unwritable } from '../engine/jsx-source.js';
import type { LocatedElement, MutationContext } from '../engine/mutation-transform.js';
import { declarations, modifiersOf, PSEUDO_CLASSES, SPACING_SHORTHANDS, type StylingBody } from './style-change.js';
import { renderStyleObject, setMember, styleObjectOf, writeStyleObject, type StyleObject } from './style-object.js';
import { importSourceOf } from './styling-systems.js';

type Library = 'chakra' | 'mantine';

/** Mantine's own short names of the other style props it takes (`@mantine/core`'s style props). */
const MANTINE_PROPS: Record<string, string> = {
  color: 'c',
  backgroundColor: 'bg',
  fontSize: 'fz',
  fontWeight: 'fw',
  lineHeight: 'lh',
  letterSpacing: 'lts',
  textAlign: 'ta',
  fontStyle: 'fs',
  textTransform: 'tt',
  textDecoration: 'td',
  fontFamily: 'ff',
  width: 'w',
  height: 'h',
  minWidth: 'miw',
  maxWidth: 'maw',
  minHeight: 'mih',
  maxHeight: 'mah',
  opacity: 'opacity',
  display: 'display',
  position: 'pos',
};
/** Chakra's style props are the CSS properties camelCased; these are the names its developers write. */
const CHAKRA_PROPS: Record<string, string> = { backgroundColor: 'bg' };

const CHAKRA_FONT_SIZES: Record<string, string> = { '12': 'xs', '14': 'sm', '16': 'md', '18': 'lg', '20': 'xl', '24': '2xl', '30': '3xl', '36': '4xl', '48': '5xl', '60': '6xl' };
const MANTINE_SIZES: Record<string, string> = { '12': 'xs', '14': 'sm', '16': 'md', '18': 'lg', '20': 'xl' };
const MANTINE_SPACING: Record<string, string> = { '10': 'xs', '12': 'sm', '16': 'md', '20': 'lg', '32': 'xl' };
const CHAKRA_WEIGHTS: Record<string, string> = { '100': 'thin', '200': 'extralight', '300': 'light', '400': 'normal', '500': 'medium', '600': 'semibold', '700': 'bold', '800': 'extrabold', '900': 'black' };
/** The breakpoints both libraries name (`base` being every width); Tailwind's `2xl` is Chakra's `2xl` too. */
const BREAKPOINTS: Record<Library, ReadonlySet<string>> = { chakra: new Set(['sm', 'md', 'lg', 'xl', '2xl']), mantine: new Set(['xs', 'sm', 'md', 'lg', 'xl']) };

function libraryOf(sourceFile: ts.SourceFile, tagName: string): Library | null {
  const from = importSourceOf(sourceFile, tagName);
  if (from === '@chakra-ui/react') return 'chakra';
  if (from === '@mantine/core') return 'mantine';
  return null;
}

/** The prop a CSS property is written as, and the other name it may already have on the element. */
function propFor(library: Library, property: string): { name: string; aliases: string[] } {
  const camel = camelCase(kebabCase(property));
  const short = SPACING_SHORTHANDS[camel] ?? (library === 'mantine' ? MANTINE_PROPS[camel] : CHAKRA_PROPS[camel]);
  return short ? { name: short, aliases: short === camel ? [] : [camel] } : { name: camel, aliases: [] };
}

/** A prop's value: a string (a token, a CSS value) or code (a number of units). */
type PropValue = { string: string } | { code: string };

/** The theme scale whose tokens a Chakra style prop takes by name. */
function chakraScaleOf(camel: string): ThemeScale | null {
  if (/(^|[a-z])(color|Color)$|^(fill|stroke)$/.test(camel)) return 'colors';
  if (/^(margin|padding)/.test(camel) || /^(gap|rowGap|columnGap)$/.test(camel)) return 'spacing';
  const named: Record<string, ThemeScale> = { fontSize: 'fontSize', fontWeight: 'fontWeight', lineHeight: 'lineHeight', letterSpacing: 'letterSpacing', borderRadius: 'radius', fontFamily: 'fontFamily' };
  return named[camel] ?? null;
}

/**
 * The Chakra token (the project's or Chakra's own, as the theme lists them) whose value the change's is: a colour
 * within the match tolerance, a length by its pixels, else the same text. A token named by a number (`4`) is code.
 */
function chakraToken(theme: ProjectTheme, camel: string, value: string): PropValue | null {
  const scale = chakraScaleOf(camel);
  if (!scale) return null;
  const tokens = theme.scales[scale];
  let name: string | undefined;
  if (scale === 'colors') {
    const match = colorTokenFor(tokens, value);
    name = match && match.alphaPercent === undefined ? match.token.name : undefined;
  } else {
    const px = lengthInPx(value);
    name = tokens.find((token) => token.value === value || (px !== null && lengthInPx(token.value) === px))?.name;
  }
  if (name === undefined) return null;
  return /^\d+(\.\d+)?$/.test(name) ? { code: name } : { string: name };
}

/** The value of the prop: a token of the library where the value is one, a number of units, else the CSS string. */
function tokenValue(library: Library, camel: string, value: string, theme: ProjectTheme): PropValue {
  const token = library === 'chakra' ? chakraToken(theme, camel, value) : null;
  if (token) return token;
  const px = lengthInPx(value);
  if (/^(margin|padding)/.test(camel) || camel === 'gap') {
    if (library === 'chakra' && px !== null && Number.isInteger((px / 4) * 2)) return { code: String(px / 4) };
    if (library === 'mantine' && px !== null && MANTINE_SPACING[String(px)]) return { string: MANTINE_SPACING[String(px)]! };
  }
  if (camel === 'fontSize' && px !== null) {
    const size = (library === 'chakra' ? CHAKRA_FONT_SIZES : MANTINE_SIZES)[String(px)];
    if (size) return { string: size };
  }
  if (camel === 'fontWeight' && library === 'chakra' && CHAKRA_WEIGHTS[value]) return { string: CHAKRA_WEIGHTS[value]! };
  if ((camel === 'fontWeight' || camel === 'opacity' || camel === 'lineHeight') && /^\d+(\.\d+)?$/.test(value)) return { code: value };
  return { string: value };
}

/** The value as code in an object (`4`, `'lg'`). */
const codeOf = (value: PropValue, quote: "'" | '"') => ('code' in value ? value.code : quoteString(value.string, quote));
/** The value as an attribute's initializer: a string as `"lg"`, code in braces. */
const initializerOf = (value: PropValue) => ('code' in value ? `{${value.code}}` : JSON.stringify(value.string));

/** The code of an attribute's value (`4`, `'lg'`, `{ base: 4 }`), or null when it is none the studio can read. */
function attributeCode(attribute: ts.JsxAttribute, sourceFile: ts.SourceFile): { code: string; literal: ts.ObjectLiteralExpression | null } | null {
  const initializer = attribute.initializer;
  if (!initializer) return null;
  if (ts.isStringLiteral(initializer)) return { code: initializer.getText(sourceFile), literal: null };
  if (!ts.isJsxExpression(initializer) || !initializer.expression) return null;
  const expression = initializer.expression;
  if (ts.isObjectLiteralExpression(expression)) return { code: expression.getText(sourceFile), literal: expression };
  if (ts.isNumericLiteral(expression) || ts.isStringLiteral(expression)) return { code: expression.getText(sourceFile), literal: null };
  return null;
}

/** Sets one prop at all widths, or at a breakpoint as a responsive object (the value at all widths kept as `base`). */
function setProp(located: LocatedElement, prop: { name: string; aliases: string[] }, value: PropValue | null, breakpoint: string | undefined): void {
  const { file, entry } = located;
  const sourceFile = sourceOf(file);
  const quote = preferredQuote(sourceFile);
  const written = [prop.name, ...prop.aliases].map((name) => findAttribute(entry.opening, name)).find((attribute) => attribute !== undefined);
  const name = written ? written.name.getText(sourceFile) : prop.name;
  if (!breakpoint) {
    setAttribute(file, entry.opening, name, value === null ? null : initializerOf(value));
    return;
  }
  const code = value === null ? null : codeOf(value, quote);
  const current = written ? attributeCode(written, sourceFile) : null;
  if (written && !current) throw unwritable(located, `its ${name} is computed, not a value the studio can make responsive`);
  if (current?.literal) {
    const object = styleObjectOf(current.literal, sourceFile);
    setMember(object, breakpoint, [], code, quote);
    writeStyleObject(file, current.literal, object, sourceFile);
    return;
  }
  if (code === null) return;
  const members = current ? `base: ${current.code}, ${breakpoint}: ${code}` : `${breakpoint}: ${code}`;
  setAttribute(file, entry.opening, name, `{{ ${members} }}`);
}

/** Chakra's state props (`_hover={{ bg: 'teal.600' }}`): the declarations merged into the state's object. */
function setStateProps(located: LocatedElement, state: string, entries: Array<[{ name: string; aliases: string[] }, PropValue | null]>): void {
  const { file, entry } = located;
  const sourceFile = sourceOf(file);
  const quote = preferredQuote(sourceFile);
  const name = `_${state.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase())}`;
  const attribute = findAttribute(entry.opening, name);
  const current = attribute ? attributeCode(attribute, sourceFile) : null;
  if (attribute && !current?.literal) throw unwritable(located, `its ${name} is not an object literal the studio can merge into`);
  const object: StyleObject = styleObjectOf(current?.literal ?? null, sourceFile);
  for (const [prop, value] of entries) setMember(object, prop.name, prop.aliases, value === null ? null : codeOf(value, quote), quote);
  if (current?.literal) writeStyleObject(file, current.literal, object, sourceFile);
  else if (object.members.length > 0) setAttribute(file, entry.opening, name, `{${renderStyleObject(object, '', file.indentUnit, file.eol ?? '\n')}}`);
}

/**
 * Style props on a Chakra or Mantine component; a change they cannot say (a Mantine state, a breakpoint the library
 * does not name) goes to `fallback` (the project's CSS).
 */
export function stylePropsStyling(located: LocatedElement, body: StylingBody, context: MutationContext, fallback: (located: LocatedElement, body: StylingBody, context: MutationContext) => EditableFile[]): EditableFile[] {
  const sourceFile = sourceOf(located.file);
  const library = libraryOf(sourceFile, located.entry.tagName);
  if (!library) throw unwritable(located, 'only a Chakra or Mantine component takes style props: style it with CSS');
  const { states, breakpoints } = modifiersOf(body);
  const unknown = states.filter((m) => !PSEUDO_CLASSES.has(m));
  if (unknown.length > 0) throw unwritable(located, `the modifier ${unknown.join(', ')} has no CSS pseudo-class`);
  const breakpoint = breakpoints[0];
  const sayable = breakpoints.length <= 1 && (!breakpoint || BREAKPOINTS[library].has(breakpoint)) && (states.length === 0 || (library === 'chakra' && states.length === 1 && !breakpoint));
  if (!sayable || declarations(body).some(([property]) => property.startsWith('--'))) return fallback(located, body, context);
  const entries = declarations(body).map(([property, value]): [{ name: string; aliases: string[] }, PropValue | null] => [
    propFor(library, property),
    value === null ? null : tokenValue(library, camelCase(kebabCase(property)), value, context.theme),
  ]);
  if (states[0]) setStateProps(located, states[0], entries);
  else for (const [prop, value] of entries) setProp(located, prop, value, breakpoint);
  return [located.file];
}
