/**
 * The ways a project styles its elements (`server/styling/styling-systems.ts` detects them) and the idioms the style
 * controls can write a change in. A system is what the project installs or uses (MUI, styled-components, Tailwind 4);
 * an idiom is how one change is written (`sx={{…}}`, a rule in the template of a styled component, a class). The
 * server answers them with the theme (`ProjectTheme.styling`), the editor names the idiom it will write, and a styling
 * change may name one (`idiom`); without it the server writes the element's own idiom, else the project's dominant one.
 * Another idiom is one row here, its detection, and its writer in the server's table (`server/mutations/styling.ts`).
 */

export const STYLING_SYSTEMS = [
  'tailwind3',
  'tailwind4',
  'css-modules',
  'plain-css',
  'mui',
  'emotion',
  'styled-components',
  'chakra',
  'mantine',
  'bootstrap',
  'vanilla-extract',
] as const;
export type StylingSystem = (typeof STYLING_SYSTEMS)[number];

export const STYLING_IDIOMS = ['tailwind', 'css', 'css-module', 'inline', 'mui-sx', 'styled-object', 'styled-template', 'bootstrap', 'style-props', 'emotion-css', 'styled-wrapper'] as const;
export type StylingIdiom = (typeof STYLING_IDIOMS)[number];

/** How the inspector names each idiom. */
export const IDIOM_LABELS: Record<StylingIdiom, string> = {
  tailwind: 'Tailwind classes',
  css: 'CSS rule',
  'css-module': 'CSS module rule',
  inline: 'Inline style',
  'mui-sx': 'MUI sx',
  'styled-object': 'styled() object',
  'styled-template': 'styled template',
  bootstrap: 'Bootstrap utilities',
  'style-props': 'Style props',
  'emotion-css': 'emotion css prop',
  'styled-wrapper': 'this element only (styled wrapper)',
};

/** What the server read of how the project styles: its systems, and the idiom its own code writes most. */
export interface ProjectStyling {
  systems: StylingSystem[];
  /** The idiom most of the project's elements are styled in; null when its code styles none the studio writes. */
  dominant: StylingIdiom | null;
  /**
   * How the project's code styles a plain element (`<p>`) where its dominant idiom cannot (`sx` needs a MUI component,
   * a template a styled component): null where the project styles with stylesheets or classes. Absent in old themes.
   */
  host?: HostStyling | null;
  /**
   * The project's own stylesheet its code imports for the whole app (root-relative: `src/index.css`,
   * `src/scss/style.scss`), where a rule no idiom can write goes rather than into a new file; null when it has none.
   */
  stylesheet?: string | null;
}

/**
 * The project's way with a plain element: `mui-sx` makes it a `<Box component="p">`, `styled-template` and
 * `styled-object` declare a styled component for it in its file (`const Text = styled.p\`…\``), imported as the
 * project imports `styled`; `emotion-css` gives it a `css={{…}}` prop, as the project's own elements have.
 */
export interface HostStyling {
  idiom: Extract<StylingIdiom, 'mui-sx' | 'styled-template' | 'styled-object' | 'emotion-css'>;
  /** The module the project's files import `styled` from, and whether as its default export or a named one. */
  styled: { specifier: string; isDefault: boolean };
}

/** What the source says of one element's styling (the element lookup's `styling`). */
export interface ElementStyling {
  /** The idiom the element is already styled in (`sx`, its styled component's template), or null. */
  own: StylingIdiom | null;
  /** The idioms that can style it, in the order the inspector offers them. */
  fits: StylingIdiom[];
  /** A plain element with no idiom of its own, which the project's way with plain elements (`HostStyling`) can restyle. */
  plain?: boolean;
  /**
   * The styled component the element is (`<Heading>`), where it is declared (in its own file or one it imports it
   * from), and the other places it is used, which a change to its template shows at too ("also used by …").
   */
  declaration?: StyledComponentHome;
}

/** Where a styled component is declared: its name there, its file (root-relative) and line, and its other uses (`file:line`). */
export interface StyledComponentHome {
  name: string;
  file: string;
  line: number;
  alsoUsedBy?: string[];
}

/**
 * The idioms that fit an element in this project: its own (`elementStyling`), the project's way with a plain element
 * (`HostStyling`), and Bootstrap's utilities, which go on any element, where the project has Bootstrap.
 */
export function withProjectIdioms(styling: ElementStyling, project: ProjectStyling | null | undefined): ElementStyling {
  const added: StylingIdiom[] = [];
  if (styling.plain && project?.host) added.push(project.host.idiom);
  if (project?.systems.includes('bootstrap')) added.push('bootstrap');
  const fresh = added.filter((idiom) => !styling.fits.includes(idiom));
  if (fresh.length === 0) return styling;
  const last = (idiom: StylingIdiom) => idiom === 'css' || idiom === 'inline';
  return { ...styling, fits: [...styling.fits.filter((idiom) => !last(idiom)), ...fresh, ...styling.fits.filter(last)] };
}

export interface IdiomChoice extends ElementStyling {
  framework: 'Tailwind' | 'Inline' | 'CSS';
  /** The idiom the designer (or the change) named, if any. */
  requested?: StylingIdiom | null;
  /** The project's dominant idiom (`ProjectStyling.dominant`). */
  dominant: StylingIdiom | null;
  /** The project's way with a plain element (`HostStyling.idiom`), if any. */
  host?: StylingIdiom | null;
}

/**
 * The one rule of which idiom a styling change is written in, which the server applies and the inspector names.
 * Tailwind and Inline are chosen as such; CSS means "the project's way": the element's own idiom, else the
 * project's dominant one where it fits the element, else the project's way with a plain element (a `styled.p`, a
 * `<Box component="p">`), else a CSS rule (in the element's CSS module when it has one).
 */
export function idiomFor(choice: IdiomChoice): StylingIdiom {
  if (choice.requested) return choice.requested;
  if (choice.framework === 'Tailwind') return 'tailwind';
  if (choice.framework === 'Inline') return 'inline';
  if (choice.own) return choice.own;
  const { dominant } = choice;
  if (dominant && dominant !== 'tailwind' && dominant !== 'inline' && choice.fits.includes(dominant)) return dominant;
  if (choice.host && choice.fits.includes(choice.host)) return choice.host;
  return 'css';
}

/** `idiomFor` an element of this project, with the idioms the project adds (`withProjectIdioms`): server and inspector alike. */
export function projectIdiomFor(styling: ElementStyling, project: ProjectStyling | null | undefined, framework: IdiomChoice['framework'], requested?: StylingIdiom | null): StylingIdiom {
  return idiomFor({ ...withProjectIdioms(styling, project), framework, requested: requested ?? null, dominant: project?.dominant ?? null, host: project?.host?.idiom ?? null });
}
