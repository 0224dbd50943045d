/**
 * CSS property names as a styling change carries them, in either spelling: kebab-case for stylesheets and the
 * browser's `style.setProperty`, camelCase for React's `style={{…}}` objects. The vendor prefix `-ms-` is the one
 * whose camelCase does not start with a capital (`msTransform`), so it is spelled out both ways. Custom properties
 * (`--gap`) stay as they are.
 */

export function kebabCase(property: string): string {
  if (property.startsWith('--')) return property;
  return property.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`).replace(/^ms-/, '-ms-');
}

export function camelCase(property: string): string {
  if (property.startsWith('--')) return property;
  return property.replace(/^-ms-/, 'ms-').replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
}
