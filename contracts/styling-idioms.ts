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

export const STYLING_IDIOMS = ['tailwind', 'css', 'css-module', 'inline', 'mui-sx', 'styled-object', 'styled-template', 'bootstrap', 'style-props'] as const;
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
};

/** What the server read of how the project styles: its systems, and the idiom its own code writes most. */
export interface ProjectStyling {
  systems: StylingSystem[];
  /** The idiom most of the project's elements are styled in; null when its code styles none the studio writes. */
  dominant: StylingIdiom | null;
}

/** What the source says of one element's styling (the element lookup's `styling`). */
export interface ElementStyling {
  /** The idiom the element is already styled in (`sx`, its styled component's template), or null. */
  own: StylingIdiom | null;
  /** The idioms that can style it, in the order the inspector offers them. */
  fits: StylingIdiom[];
}

/**
 * The idioms that fit an element in this project: its own (`elementStyling`), and Bootstrap's utilities, which go on
 * any element, where the project has Bootstrap.
 */
export function withProjectIdioms(styling: ElementStyling, systems: readonly StylingSystem[]): ElementStyling {
  if (!systems.includes('bootstrap') || styling.fits.includes('bootstrap')) return styling;
  return { ...styling, fits: [...styling.fits.filter((idiom) => idiom !== 'css' && idiom !== 'inline'), 'bootstrap', ...styling.fits.filter((idiom) => idiom === 'css' || idiom === 'inline')] };
}

export interface IdiomChoice extends ElementStyling {
  framework: 'Tailwind' | 'Inline' | 'CSS';
  /** The idiom the designer (or the change) named, if any. */
  requested?: StylingIdiom | null;
  /** The project's dominant idiom (`ProjectStyling.dominant`). */
  dominant: StylingIdiom | null;
}

/**
 * The one rule of which idiom a styling change is written in, which the server applies and the inspector names.
 * Tailwind and Inline are chosen as such; CSS means "the project's way": the element's own idiom, else the
 * project's dominant one where it fits the element, else a CSS rule (in the element's CSS module when it has one).
 */
export function idiomFor(choice: IdiomChoice): StylingIdiom {
  if (choice.requested) return choice.requested;
  if (choice.framework === 'Tailwind') return 'tailwind';
  if (choice.framework === 'Inline') return 'inline';
  if (choice.own) return choice.own;
  const { dominant } = choice;
  if (dominant && dominant !== 'tailwind' && dominant !== 'inline' && choice.fits.includes(dominant)) return dominant;
  return 'css';
}
