import { describe, expect, it } from 'vitest';
import { bootstrapUtilities, projectThemeColors } from './bootstrap-utilities.js';
import type { StylingBody } from './style-change.js';

const change = (styling: Record<string, string>): StylingBody => ({ reactElement: 'tempo-x', styling, stylingFramework: 'CSS', modifiers: [], customProperties: {} }) as unknown as StylingBody;

describe("Bootstrap's colour utilities", () => {
  it("follow the project's own $primary and the others: its value is text-primary, Bootstrap's default no longer", () => {
    const colors = projectThemeColors([
      { name: 'primary', value: '#2E5E4E', declaredIn: 'src/scss/_variables.scss' },
      { name: 'danger', value: '#b42318', declaredIn: 'src/scss/_variables.scss' },
      { name: 'secondary', value: '#6c757d' },
      { name: 'blue', value: '#0d6efd' },
    ]);
    expect(bootstrapUtilities(change({ color: '#2e5e4e', 'background-color': '#B42318' }), colors).add).toEqual(['text-primary', 'bg-danger']);
    expect(bootstrapUtilities(change({ color: '#6c757d' }), colors).add).toEqual(['text-secondary']);
    // Bootstrap's default primary is no theme colour of this project: no utility says it, so the change is CSS.
    expect(bootstrapUtilities(change({ color: '#0d6efd' }), colors).add).toBeNull();
  });

  it("are Bootstrap's defaults where the project's Sass gives them no value", () => {
    expect(bootstrapUtilities(change({ color: '#0d6efd' }), projectThemeColors([])).add).toEqual(['text-primary']);
    expect(bootstrapUtilities(change({ 'background-color': 'var(--bs-warning)' })).add).toEqual(['bg-warning']);
  });
});
