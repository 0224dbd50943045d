// Replaced by its owner: a placeholder so the shell builds.
export function ChangesPanel() {
  return null;
}
