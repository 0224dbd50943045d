/**
 * "All widths" means all widths: a Tailwind class written without a breakpoint is overridden, from that width up,
 * by a class of the same property under a breakpoint (`px-8 py-6 sm:px-6` shows 24px from `sm` on). A change made
 * at all widths therefore clears the property at every breakpoint the element's classes use, so what hot reload
 * shows is what the frame showed at once (the instant update applies at every width).
 */
import { BREAKPOINTS } from '../../contracts/tailwind-variants.js';
import type { ProjectTheme } from '../../contracts/project-theme.js';
import { splitVariants } from './class-merge.js';

/** A variant that limits a class to some widths: a breakpoint of Tailwind's or the project's, `max-*`, `min-*`. */
function isWidthVariant(variant: string, theme: ProjectTheme): boolean {
  if (Object.hasOwn(BREAKPOINTS, variant) || /^(max|min)-/.test(variant)) return true;
  return theme.scales.breakpoints.some((token) => token.name === variant);
}

/**
 * The clearing probes (the property's probe class under each width-limited variant prefix the element's classes
 * use along with exactly the change's states) that take the change's properties out of every breakpoint.
 */
export function breakpointClearsFor(existing: readonly string[], probes: readonly string[], states: readonly string[], theme: ProjectTheme): string[] {
  const wanted = [...new Set(states)].sort().join(':');
  const prefixes = new Set<string>();
  for (const className of existing) {
    const { variants } = splitVariants(className);
    if (!variants) continue;
    const list = variants.slice(0, -1).split(':');
    const widths = list.filter((variant) => isWidthVariant(variant, theme));
    if (widths.length === 0) continue;
    const others = list.filter((variant) => !isWidthVariant(variant, theme));
    if ([...new Set(others)].sort().join(':') === wanted) prefixes.add(variants);
  }
  return [...prefixes].flatMap((prefix) => probes.map((probe) => `${prefix}${probe}`));
}
