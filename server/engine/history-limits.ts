/**
 * How many changes each canvas remembers. A module of its own: the CLI reads these to parse `--history-limit`
 * before anything else loads, and the history's own modules are not on that path.
 */

/** How many changes each canvas remembers by default; older ones drop off the bottom. */
export const DEFAULT_HISTORY_LIMIT = 500;
export const MAX_HISTORY_LIMIT = 100_000;
