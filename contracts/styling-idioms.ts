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
