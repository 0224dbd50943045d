/**
 * How a project styles its elements: its styling systems, read from its dependencies and its own code, and per element
 * the idiom the element already uses (an `sx` prop, the template or object of a styled component). A styling change
 * is written in the idiom it names, else the element's own, else the project's dominant one where it fits the
 * element (`chooseIdiom`), so a MUI project gets `sx` and a styled-components project its templates, not a new
 * stylesheet. Reading the project does I/O and runs with the theme; the rest is pure and runs in the transform.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ts } from 'ts-morph';
import { projectIdiomFor, type ElementStyling, type HostStyling, type ProjectStyling, type StylingIdiom, type StylingSystem } from '../../contracts/styling-idioms.js';
import type { StylingFramework } from '../../contracts/change-values.js';
import { resolveDeclaration, type SourceReader } from '../mutations/project-declarations.js';

interface Manifest {
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
}

/** The packages that mean a system, each tested against every dependency's name. */
const SYSTEM_PACKAGES: Array<[StylingSystem, RegExp]> = [
  ['mui', /^@mui\/(material|joy|system)$/],
  ['emotion', /^@emotion\/(react|styled)$/],
  ['styled-components', /^styled-components$/],
  ['chakra', /^@chakra-ui\/react$/],
  ['mantine', /^@mantine\/core$/],
  ['bootstrap', /^(bootstrap|react-bootstrap|@coreui\/coreui|@coreui\/react)$/],
  ['vanilla-extract', /^@vanilla-extract\/css$/],
];

/** The systems a package.json names (Tailwind by its major version), in the order of `STYLING_SYSTEMS`. */
export function systemsOfManifest(manifest: Manifest): StylingSystem[] {
  const dependencies = { ...manifest.peerDependencies, ...manifest.devDependencies, ...manifest.dependencies };
  const found = new Set<StylingSystem>();
  for (const [name, range] of Object.entries(dependencies)) {
    if (name === 'tailwindcss') found.add(/^\D*3\./.test(range) || /^\D*3$/.test(range) ? 'tailwind3' : 'tailwind4');
    for (const [system, pattern] of SYSTEM_PACKAGES) if (pattern.test(name)) found.add(system);
  }
  return [...found];
}

/** A class attribute with Bootstrap's utilities (`d-flex`, `mb-3`, `text-primary`, `fw-bold`). */
const BOOTSTRAP_USES = /\bclassName=["'{`][^"'`]*\b(?:d-(?:flex|none|block|grid|inline-flex)|[mp][tbsexy]?-[0-5]|text-(?:primary|secondary|muted|body-secondary|center)|fw-(?:bold|semibold|normal)|justify-content-\w+|align-items-\w+)\b/g;
/** Chakra's and Mantine's style props with a token (`color="teal.500"`, `mt={4}`, `fz="lg"`, `_hover={{`). */
const STYLE_PROP_USES = /\s(?:(?:m|p)[tbrlxy]?|c|bg|color|fontSize|fz|fw|fontWeight|ta|textAlign)=(?:\{\d+\}|"(?:[a-z]+\.\d{1,3}|xs|sm|md|lg|xl|\d?xl)")|\s_hover=\{\{/g;

/**
 * Where the idioms show in source text, one count a use. Regular expressions rather than a parse: the project's
 * every file is read once with the theme, and a rough count is all the choice of a default needs.
 */
const IDIOM_USES: Array<[StylingIdiom, RegExp]> = [
  ['mui-sx', /\bsx=\{/g],
  // emotion's `css` prop (`css={{…}}`, `css={css\`…\`}`), not a `css="…"` string of another library.
  ['emotion-css', /\scss=\{/g],
  ['styled-template', /\bstyled(?:\.[A-Za-z]\w*|\([^()]*\))(?:\.attrs(?:<[^>]*>)?\([^()]*\))?(?:<[^>`]*>)?`/g],
  ['styled-object', /\bstyled\([^()]*\)(?:<[^>]*>)?\(\s*[{(]/g],
  ['css-module', /\bstyles\.[A-Za-z_]\w*|\bstyles\[['"]/g],
  ['bootstrap', BOOTSTRAP_USES],
  ['style-props', STYLE_PROP_USES],
  ['tailwind', /\bclassName=["'{`][^"'`]*\b(?:flex|grid|p[xy]?-\d|m[xy]?-\d|text-(?:sm|lg|xl)|bg-\w+-\d{2,3})\b/g],
];

/** Counts of each idiom's uses in the given source texts. */
export function idiomUses(texts: Iterable<string>): Map<StylingIdiom, number> {
  const counts = new Map<StylingIdiom, number>();
  for (const text of texts) {
    for (const [idiom, pattern] of IDIOM_USES) {
      const uses = text.match(pattern)?.length ?? 0;
      if (uses > 0) counts.set(idiom, (counts.get(idiom) ?? 0) + uses);
    }
  }
  return counts;
}

/** What a system's project writes when its code shows no use yet (a fresh MUI app styles with `sx`). */
const SYSTEM_IDIOMS: Array<[StylingSystem, StylingIdiom]> = [
  ['tailwind4', 'tailwind'],
  ['tailwind3', 'tailwind'],
  ['mui', 'mui-sx'],
  ['styled-components', 'styled-template'],
  ['emotion', 'styled-template'],
  ['css-modules', 'css-module'],
  ['plain-css', 'css'],
  ['bootstrap', 'bootstrap'],
  ['chakra', 'style-props'],
  ['mantine', 'style-props'],
];

/** Idioms whose uses count only where the project has their system: Bootstrap's `p-3` reads like Tailwind's. */
const IDIOM_SYSTEMS: Partial<Record<StylingIdiom, readonly StylingSystem[]>> = {
  tailwind: ['tailwind3', 'tailwind4'],
  bootstrap: ['bootstrap'],
  'style-props': ['chakra', 'mantine'],
  // MUI brings emotion with it; its `css` prop works where the project's JSX is compiled with emotion's.
  'emotion-css': ['emotion', 'mui'],
};

/** The idiom most used (ties in the order of `IDIOM_USES`), else the first system's, else null. */
export function dominantIdiom(systems: readonly StylingSystem[], uses: Map<StylingIdiom, number>): StylingIdiom | null {
  let best: StylingIdiom | null = null;
  for (const [idiom] of IDIOM_USES) {
    if (IDIOM_SYSTEMS[idiom] && !IDIOM_SYSTEMS[idiom].some((system) => systems.includes(system))) continue;
    if ((uses.get(idiom) ?? 0) > (best ? (uses.get(best) ?? 0) : 0)) best = idiom;
  }
  if (best) return best;
  return SYSTEM_IDIOMS.find(([system]) => systems.includes(system))?.[1] ?? null;
}

const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', 'build', 'coverage', 'public']);
const SOURCE_FILE = /\.[cm]?[jt]sx?$/;
/** Enough files to tell a project's habits; a monorepo's thousands more would only slow the theme. */
const MAX_FILES = 2000;

/** The project's own source files and stylesheets (root-relative), without dependencies, build output or dot folders. */
export function projectSourceFiles(root: string): string[] {
  const found: string[] = [];
  const walk = (folder: string): void => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(path.join(root, folder), { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      if (found.length >= MAX_FILES) return;
      const relative = folder ? `${folder}/${entry.name}` : entry.name;
      if (entry.isDirectory() && !entry.name.startsWith('.') && !SKIPPED_FOLDERS.has(entry.name)) walk(relative);
      else if (entry.isFile() && (SOURCE_FILE.test(entry.name) || /\.(?:css|s[ac]ss)$/.test(entry.name))) found.push(relative);
    }
  };
  walk('');
  return found;
}

/**
 * How the project's code styles a plain element, one count a use: a MUI `<Box component="p">`, a styled component of
 * a tag (`styled.p\`…\``, `styled('p')\`…\``), or of a tag with an object (`styled('p')({…})`).
 */
const HOST_USES: Array<[HostStyling['idiom'], RegExp]> = [
  ['mui-sx', /<Box\b[^>]*?\scomponent=["'{]/g],
  ['styled-template', /\bstyled(?:\.[a-z]\w*|\(\s*['"][a-z][\w-]*['"]\s*\))(?:\.attrs(?:<[^>]*>)?\([^()]*\))?(?:<[^>`]*>)?`/g],
  ['styled-object', /\bstyled\(\s*['"][a-z][\w-]*['"]\s*(?:,[^()]*)?\)(?:<[^>]*>)?\(/g],
];
const STYLED_IMPORTS = /\bimport\s+(?:(styled)\b[^'"]*|\{[^}]*\bstyled\b[^}]*\})\s*from\s*['"]([^'"]+)['"]/g;

/** The module most of the project's files import `styled` from, else the one its systems mean. */
function styledImportOf(systems: readonly StylingSystem[], texts: readonly string[]): HostStyling['styled'] | null {
  const counts = new Map<string, { styled: HostStyling['styled']; uses: number }>();
  for (const text of texts) {
    for (const match of text.matchAll(STYLED_IMPORTS)) {
      const styled = { specifier: match[2]!, isDefault: match[1] !== undefined };
      const key = `${styled.specifier} ${styled.isDefault}`;
      counts.set(key, { styled, uses: (counts.get(key)?.uses ?? 0) + 1 });
    }
  }
  const most = [...counts.values()].sort((a, b) => b.uses - a.uses)[0];
  if (most) return most.styled;
  if (systems.includes('styled-components')) return { specifier: 'styled-components', isDefault: true };
  if (systems.includes('mui')) return { specifier: '@mui/material/styles', isDefault: false };
  if (systems.includes('emotion')) return { specifier: '@emotion/styled', isDefault: true };
  return null;
}

/**
 * How the project styles a plain element where its dominant idiom cannot (`sx`, a template): as its code does most,
 * else a styled component of the tag (MUI's docs write `styled('p')({…})`, styled-components' a template). Null
 * where the project styles with stylesheets, classes or style props, or has no `styled` to import.
 */
export function hostStyling(systems: readonly StylingSystem[], dominant: StylingIdiom | null, texts: readonly string[]): HostStyling | null {
  // A project whose elements carry `css` props gives a plain element one too: no declaration, no import.
  if (dominant === 'emotion-css') return { idiom: 'emotion-css', styled: styledImportOf(systems, texts) ?? { specifier: '@emotion/styled', isDefault: true } };
  if (dominant !== 'mui-sx' && dominant !== 'styled-template' && dominant !== 'styled-object') return null;
  const styled = styledImportOf(systems, texts);
  if (!styled) return null;
  const uses = new Map<HostStyling['idiom'], number>();
  for (const text of texts) for (const [idiom, pattern] of HOST_USES) uses.set(idiom, (uses.get(idiom) ?? 0) + (text.match(pattern)?.length ?? 0));
  let idiom: HostStyling['idiom'] | null = null;
  for (const [candidate] of HOST_USES) if ((uses.get(candidate) ?? 0) > (idiom ? (uses.get(idiom) ?? 0) : 0)) idiom = candidate;
  if (idiom === 'mui-sx' && !systems.includes('mui')) idiom = null;
  idiom ??= systems.includes('mui') && styled.specifier.startsWith('@mui/') ? 'styled-object' : 'styled-template';
  return { idiom, styled };
}

/** A side-effect import of a stylesheet by a relative path (`import './index.css'`, `import './scss/style.scss'`). */
const STYLESHEET_IMPORTS = /^\s*import\s+['"](\.{1,2}\/[^'"]+\.(?:css|scss))['"]/gm;

/**
 * The project's own app-wide stylesheet: of the plain stylesheets its code imports for their side effect, one the
 * entry (the script of its index.html) imports, else the one most files import. CSS modules are per component.
 */
export function projectStylesheet(root: string, sources: ReadonlyMap<string, string>): string | null {
  let entry: string | null = null;
  try {
    const html = fs.readFileSync(path.join(root, 'index.html'), 'utf8');
    entry = /<script\b[^>]*\btype=["']module["'][^>]*\bsrc=["']\/?([^"']+)["']/.exec(html)?.[1] ?? null;
  } catch {
    // No index.html: the most imported stylesheet.
  }
  const counts = new Map<string, number>();
  let fromEntry: string | null = null;
  for (const [file, text] of sources) {
    for (const match of text.matchAll(STYLESHEET_IMPORTS)) {
      const sheet = path.posix.normalize(path.posix.join(path.posix.dirname(file), match[1]!));
      // Outside the root is not the project's to write.
      if (sheet.startsWith('../') || /\.module\.s?css$/.test(sheet) || !fs.existsSync(path.join(root, sheet))) continue;
      if (file === entry) fromEntry ??= sheet;
      counts.set(sheet, (counts.get(sheet) ?? 0) + 1);
    }
  }
  return fromEntry ?? [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
}

/** The project's styling: its manifest's systems, CSS modules and plain stylesheets it has, and its dominant idiom. */
export function readProjectStyling(root: string): ProjectStyling {
  let manifest: Manifest = {};
  try {
    manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as Manifest;
  } catch {
    // No readable manifest: the code alone tells.
  }
  const systems = systemsOfManifest(manifest);
  const files = projectSourceFiles(root);
  if (files.some((file) => /\.module\.css$/.test(file))) systems.push('css-modules');
  if (files.some((file) => /(?<!\.module)\.css$/.test(file))) systems.push('plain-css');
  const sources = new Map(files.filter((file) => SOURCE_FILE.test(file)).map((file) => [file, fs.readFileSync(path.join(root, file), 'utf8')]));
  const texts = [...sources.values()];
  const dominant = dominantIdiom(systems, idiomUses(texts));
  return { systems, dominant, host: hostStyling(systems, dominant, texts), stylesheet: projectStylesheet(root, sources) };
}

// ---------------------------------------------------------------------------------------------------------------
// One element

/** The initializer of a top-level `const name = …` of the file, or null. */
function constInitializer(sourceFile: ts.SourceFile, name: string): ts.Expression | null {
  for (const statement of sourceFile.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      if (ts.isIdentifier(declaration.name) && declaration.name.text === name && declaration.initializer) return declaration.initializer;
    }
  }
  return null;
}

/** Whether `expression` is `styled`, `styled.h1`, `styled(Card)`, `styled('div', {…})` or one of those `.attrs(…)`. */
function isStyledFactory(expression: ts.Expression): boolean {
  if (ts.isIdentifier(expression)) return expression.text === 'styled';
  if (ts.isPropertyAccessExpression(expression)) return isStyledFactory(expression.expression);
  if (ts.isCallExpression(expression)) return isStyledFactory(expression.expression);
  return false;
}

/** A styled component the file declares: its template (`styled.h1\`…\``) or its style object (`styled(Box)({…})`). */
export type StyledDeclaration =
  | { kind: 'styled-template'; node: ts.TaggedTemplateExpression }
  | { kind: 'styled-object'; node: ts.ObjectLiteralExpression };

/** The object a `styled(…)(…)` call styles with: its literal, or the literal an arrow `({ theme }) => ({…})` returns. */
function styleObjectOf(argument: ts.Expression | undefined): ts.ObjectLiteralExpression | null {
  if (!argument) return null;
  if (ts.isObjectLiteralExpression(argument)) return argument;
  if (ts.isArrowFunction(argument)) {
    let body: ts.Node = argument.body;
    while (ts.isParenthesizedExpression(body)) body = body.expression;
    return ts.isObjectLiteralExpression(body) ? body : null;
  }
  return null;
}

/** The styled component an expression makes, or null: `styled.h1\`…\``, `styled(Box)({…})`. */
function styledOf(made: ts.Expression): StyledDeclaration | null {
  if (ts.isTaggedTemplateExpression(made) && isStyledFactory(made.tag)) return { kind: 'styled-template', node: made };
  if (ts.isCallExpression(made) && ts.isCallExpression(made.expression) && isStyledFactory(made.expression)) {
    const object = styleObjectOf(made.arguments[0]);
    if (object) return { kind: 'styled-object', node: object };
  }
  return null;
}

/** The styled declaration of the file a tag names, or null when the tag is not a styled component of the file. */
export function styledDeclarationOf(sourceFile: ts.SourceFile, tagName: string): StyledDeclaration | null {
  if (!/^[A-Z][\w$]*$/.test(tagName)) return null;
  const made = constInitializer(sourceFile, tagName);
  return made ? styledOf(made) : null;
}

/** Where a tag is followed from: the element's file (root-relative) and the project's modules, through its aliases. */
export interface ModuleFollow {
  relative: string;
  reader: SourceReader;
}

/** A styled component a tag names, and where it is declared: the element's file, or a project module it imports. */
export interface StyledHome {
  declared: StyledDeclaration;
  sourceFile: ts.SourceFile;
  /** Root-relative. */
  relative: string;
  /** Its name where it is declared (`Heading`), which the element's file may import under another. */
  name: ts.Identifier;
}

/**
 * The styled declaration a tag names: in the element's file, else (with `follow`) in the project module its import
 * brings it from, through relative paths, the project's aliases, index re-exports, default and named exports.
 */
export function styledHomeOf(sourceFile: ts.SourceFile, tagName: string, follow?: ModuleFollow): StyledHome | null {
  if (!/^[A-Z][\w$]*$/.test(tagName)) return null;
  if (!follow) {
    const declared = styledDeclarationOf(sourceFile, tagName);
    const name = declared ? constNameOf(sourceFile, tagName) : null;
    return declared && name ? { declared, sourceFile, relative: sourceFile.fileName.replace(/^\/+/, ''), name } : null;
  }
  const found = resolveDeclaration(sourceFile, follow.relative, tagName, follow.reader);
  if (!found || !ts.isVariableDeclaration(found.name.parent) || !ts.isExpression(found.node)) return null;
  const declared = styledOf(found.node);
  return declared ? { declared, sourceFile: found.sourceFile, relative: found.relative, name: found.name } : null;
}

/** The identifier of a top-level `const name = …` of the file. */
function constNameOf(sourceFile: ts.SourceFile, name: string): ts.Identifier | null {
  for (const statement of sourceFile.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) if (ts.isIdentifier(declaration.name) && declaration.name.text === name) return declaration.name;
  }
  return null;
}

/** The module a tag's identifier is imported from in the file (`@mui/material` for `Box`), or null. */
export function importSourceOf(sourceFile: ts.SourceFile, tagName: string): string | null {
  const local = tagName.split('.')[0];
  for (const statement of sourceFile.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    const clause = statement.importClause;
    if (!clause) continue;
    const named = clause.namedBindings && ts.isNamedImports(clause.namedBindings) ? clause.namedBindings.elements.map((e) => e.name.text) : [];
    const namespace = clause.namedBindings && ts.isNamespaceImport(clause.namedBindings) ? [clause.namedBindings.name.text] : [];
    if (clause.name?.text === local || named.includes(local!) || namespace.includes(local!)) return statement.moduleSpecifier.text;
  }
  return null;
}

/** Whether the tag is a MUI component (imported from `@mui/…`), whose `sx` prop styles it. */
export function isMuiComponent(sourceFile: ts.SourceFile, tagName: string): boolean {
  return importSourceOf(sourceFile, tagName)?.startsWith('@mui/') ?? false;
}

function hasAttribute(opening: ts.JsxOpeningLikeElement, name: string): boolean {
  return opening.attributes.properties.some((p) => ts.isJsxAttribute(p) && p.name.getText() === name);
}

/** Whether the element has emotion's `css` prop: an expression (`css={{…}}`, `css={css\`…\`}`), not a `css="…"` string. */
function hasCssProp(opening: ts.JsxOpeningLikeElement): boolean {
  return opening.attributes.properties.some((p) => ts.isJsxAttribute(p) && p.name.getText() === 'css' && p.initializer !== undefined && ts.isJsxExpression(p.initializer));
}

/** Whether the tag is a Chakra or Mantine component, whose style props style it. */
export function isStylePropsComponent(sourceFile: ts.SourceFile, tagName: string): boolean {
  return /^@(?:chakra-ui\/react|mantine\/core)$/.test(importSourceOf(sourceFile, tagName) ?? '');
}

/**
 * The idiom the element is already styled in: an `sx` prop, a styled component (of its file, or with `follow` of
 * the project module it is imported from); else null.
 */
export function elementIdiom(sourceFile: ts.SourceFile, opening: ts.JsxOpeningLikeElement, follow?: ModuleFollow): StylingIdiom | null {
  if (hasAttribute(opening, 'sx')) return 'mui-sx';
  if (hasCssProp(opening)) return 'emotion-css';
  if (isStylePropsComponent(sourceFile, opening.tagName.getText(sourceFile))) return 'style-props';
  return styledHomeOf(sourceFile, opening.tagName.getText(sourceFile), follow)?.declared.kind ?? null;
}

/**
 * The idioms that can style the element: `sx` only a MUI component, a template or object only its styled component,
 * which a wrapper of its own (`styled-wrapper`) can restyle for this element alone.
 */
export function elementStyling(sourceFile: ts.SourceFile, opening: ts.JsxOpeningLikeElement, follow?: ModuleFollow): ElementStyling {
  const tagName = opening.tagName.getText(sourceFile);
  const own = elementIdiom(sourceFile, opening, follow);
  const fits: StylingIdiom[] = [];
  if (own === 'mui-sx' || isMuiComponent(sourceFile, tagName)) fits.push('mui-sx');
  const home = styledHomeOf(sourceFile, tagName, follow);
  const declaration = home ? { name: home.name.text, file: home.relative, line: home.sourceFile.getLineAndCharacterOfPosition(home.name.getStart(home.sourceFile)).line + 1 } : null;
  if (home) fits.push(home.declared.kind, 'styled-wrapper');
  if (isStylePropsComponent(sourceFile, tagName)) fits.push('style-props');
  if (own === 'emotion-css') fits.push('emotion-css');
  fits.push('css', 'inline');
  // A plain element (`<p>`, not `<Card>` nor `<motion.div>`): the project's way with one can restyle it.
  if (own === null && /^[a-z][\w-]*$/.test(tagName)) return { own, fits, plain: true };
  return declaration ? { own, fits, declaration } : { own, fits };
}

/** How a styling change is written for this element (`idiomFor`, the rule the inspector names too). */
export function chooseIdiom(
  sourceFile: ts.SourceFile,
  opening: ts.JsxOpeningLikeElement,
  choice: { framework: StylingFramework; requested?: StylingIdiom | undefined; styling?: ProjectStyling | undefined },
  follow?: ModuleFollow,
): StylingIdiom {
  return projectIdiomFor(elementStyling(sourceFile, opening, follow), choice.styling, choice.framework, choice.requested);
}
