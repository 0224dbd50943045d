/**
 * A MUI project's theme as tokens: MUI's default light palette, spacing unit and breakpoints, with what the
 * project's own `createTheme({…})` states over them (read from its source as literals, through the names, spreads
 * and imported modules they are built from: a value only running code tells is left at MUI's default). `sx` writes a colour of the palette by its key (`primary.main`) and a length of the
 * spacing unit as a number of units; the theme panel lists them.
 */
import type { ThemeScale, ThemeToken } from '../../contracts/project-theme.js';
import { objectAt, themeCallArgument, type Literal } from './theme-call.js';

/** MUI's default light palette (`@mui/material/styles`, `createPalette`). */
const DEFAULT_PALETTE: Record<string, Record<string, string>> = {
  primary: { main: '#1976d2', light: '#42a5f5', dark: '#1565c0', contrastText: '#fff' },
  secondary: { main: '#9c27b0', light: '#ba68c8', dark: '#7b1fa2', contrastText: '#fff' },
  error: { main: '#d32f2f', light: '#ef5350', dark: '#c62828', contrastText: '#fff' },
  warning: { main: '#ed6c02', light: '#ff9800', dark: '#e65100', contrastText: '#fff' },
  info: { main: '#0288d1', light: '#03a9f4', dark: '#01579b', contrastText: '#fff' },
  success: { main: '#2e7d32', light: '#4caf50', dark: '#1b5e20', contrastText: '#fff' },
  text: { primary: 'rgba(0, 0, 0, 0.87)', secondary: 'rgba(0, 0, 0, 0.6)', disabled: 'rgba(0, 0, 0, 0.38)' },
  background: { default: '#fff', paper: '#fff' },
  divider: { DEFAULT: 'rgba(0, 0, 0, 0.12)' },
};

/** The call a MUI theme is made by. */
const MUI_THEME_CALLS = new Set(['createTheme']);

const DEFAULT_BREAKPOINTS: Record<string, number> = { xs: 0, sm: 600, md: 900, lg: 1200, xl: 1536 };
const DEFAULT_SPACING_PX = 8;
/** The spacing steps the theme panel lists (`theme.spacing(n)`). */
const SPACING_STEPS = [0.5, 1, 1.5, 2, 3, 4, 5, 6, 8, 10];

/** The palette's colours as tokens named as `sx` writes them (`primary.main`, `divider`). */
function colorTokens(palette: Record<string, Literal>, declaredIn: string | undefined): ThemeToken[] {
  const tokens: ThemeToken[] = [];
  const names = new Set([...Object.keys(DEFAULT_PALETTE), ...Object.keys(palette)]);
  for (const name of names) {
    const own = palette[name];
    const shades: Record<string, Literal> = typeof own === 'string' ? { DEFAULT: own } : { ...DEFAULT_PALETTE[name], ...objectAt(own) };
    for (const [shade, value] of Object.entries(shades)) {
      // A channel (`mainChannel: '24 119 242'`) is a part of a colour for CSS variables, no colour `sx` writes.
      if (typeof value !== 'string' || shade.endsWith('Channel')) continue;
      const ownValue = typeof own === 'string' ? own : objectAt(own)[shade];
      tokens.push({ name: shade === 'DEFAULT' ? name : `${name}.${shade}`, value, ...(ownValue !== undefined && declaredIn ? { declaredIn } : {}) });
    }
  }
  return tokens;
}

/** The MUI theme's colours, spacing and breakpoints as the theme's scales, or null when the project has no `@mui/`. */
export function readMuiScales(root: string): Partial<Record<ThemeScale, ThemeToken[]>> {
  const found = themeCallArgument(root, MUI_THEME_CALLS);
  const theme = found?.theme ?? {};
  const declaredIn = found?.relative;
  const spacing = typeof theme.spacing === 'number' ? theme.spacing : DEFAULT_SPACING_PX;
  const breakpoints = { ...DEFAULT_BREAKPOINTS, ...objectAt(objectAt(theme.breakpoints).values) };
  // MUI 6's colour schemes: the light scheme's palette is the one MUI starts in, over a `palette` of the options.
  const palette = { ...objectAt(theme.palette), ...objectAt(objectAt(objectAt(theme.colorSchemes).light).palette) };
  return {
    colors: colorTokens(palette, declaredIn),
    spacing: SPACING_STEPS.map((step) => ({ name: String(step), value: `${step * spacing}px`, ...(typeof theme.spacing === 'number' && declaredIn ? { declaredIn } : {}) })),
    breakpoints: Object.entries(breakpoints)
      .filter((entry): entry is [string, number] => typeof entry[1] === 'number')
      .map(([name, width]) => ({ name, value: `${width}px` })),
  };
}
