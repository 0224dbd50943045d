import { describe, expect, it } from 'vitest';
import { indexJsxElements, parseJsxSource } from '../codebase-ids/index-jsx-elements.js';
import { ruleClassFor } from './rule-class-name.js';

const SOURCE = `import { memo } from 'react';
import { PriceTag } from './price-tag';

export function CountryCard({ name }: { name: string }) {
  return (
    <article className="country-card">
      <h2>{name}</h2>
      <PriceTag value={3} />
      <p className="studio-0a1b2c3d">Việt Nam</p>
    </article>
  );
}

export const Row = memo(({ label }: { label: string }) => <li>{label}</li>);
`;

/** The rule class for the element at `path` (a structural path) of the source, with the stylesheet `sheet`. */
function classFor(path: string, sheet = '', file = 'country-card.tsx', source = SOURCE): { className: string; isNew: boolean } {
  const entry = indexJsxElements(parseJsxSource(file, source), file).find((e) => e.structuralPath === path)!;
  const classes = entry.opening.attributes.properties.flatMap((p) => (p.getText().startsWith('className="') ? p.getText().slice(11, -1).split(' ') : []));
  return ruleClassFor(entry, classes, sheet, file.replace(/\.tsx$/, ''));
}

describe('the class of a CSS rule', () => {
  it('is named after the component, and after the part for an element inside it', () => {
    // The root already has the class by that name: its rule is where the studio writes (adding it changes nothing).
    expect(classFor('0', '.country-card {\n  display: grid;\n}\n')).toEqual({ className: 'country-card', isNew: false });
    expect(classFor('0')).toEqual({ className: 'country-card', isNew: true });
    expect(classFor('0-0')).toEqual({ className: 'country-card-title', isNew: true });
    expect(classFor('0-1')).toEqual({ className: 'country-card-price-tag', isNew: true });
    expect(classFor('1')).toEqual({ className: 'row', isNew: true });
  });

  it('is unique within the stylesheet, and the element’s own rule class is used again', () => {
    expect(classFor('0-0', '.country-card-title {\n  color: red;\n}\n')).toEqual({ className: 'country-card-title-2', isNew: true });
    expect(classFor('0-0', '.country-card-title:hover {}\n.country-card-title-2 {}\n')).toEqual({ className: 'country-card-title-3', isNew: true });
    // A class with the same start is another class.
    expect(classFor('0-0', '.country-card-titles {}\n')).toEqual({ className: 'country-card-title', isNew: true });
  });

  it('keeps a rule class the studio wrote before under its old name', () => {
    expect(classFor('0-2')).toEqual({ className: 'studio-0a1b2c3d', isNew: false });
  });

  it('never starts with a digit', () => {
    expect(classFor('0', '', '404.tsx', 'export default () => <main>Không tìm thấy</main>;\n').className).toBe('page-404-main');
  });
});
