/** The sidebar's entries and when each one is the active one (docs/console.md#the-shell). */
export interface NavEntry {
  label: string;
  path: string;
}

export const PRODUCT_SHORT_NAME = 'Plantation';
export const SIDEBAR_TITLE = `${PRODUCT_SHORT_NAME} Admin`;

export const NAV_ENTRIES: readonly NavEntry[] = [
  { label: 'Country catalogue', path: '/' },
  { label: 'Field catalogue', path: '/field' },
  { label: 'Plan catalogue', path: '/plan' },
  { label: 'Robot catalogue', path: '/robot' },
  { label: 'Region catalogue', path: '/region' },
  { label: 'Tapping', path: '/tapping' },
  { label: 'Task', path: '/task' },
  { label: 'Drone management', path: '/drone' },
  { label: 'Sensor system', path: '/drone/sensor' },
  { label: 'Rubber tree management', path: '/rubber-tree/1' },
  { label: 'Rubber tree detail', path: '/rubber-tree-detail/1' },
];

/** Entries that stay active on every path below them; the others (`/`, `/drone`, …) only on their exact path. */
const PREFIX_RULES: ReadonlyArray<{ entry: string; prefix: string }> = [
  { entry: '/rubber-tree-detail/1', prefix: '/rubber-tree-detail/' },
  { entry: '/rubber-tree/1', prefix: '/rubber-tree/' },
  { entry: '/region', prefix: '/region/' },
  { entry: '/field', prefix: '/field/' },
  { entry: '/drone/sensor', prefix: '/drone/sensor' },
];

export function isEntryActive(entryPath: string, pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (path === entryPath) return true;
  return PREFIX_RULES.some((rule) => rule.entry === entryPath && path.startsWith(rule.prefix));
}
