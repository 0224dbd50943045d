// Replaced by its owner: a placeholder so the shell builds.
export function Toolbar() {
  return null;
}
