import { describe, expect, it } from 'vitest';
import { indexJsxElements, parseJsxSource } from '../codebase-ids/index-jsx-elements.js';
import { writtenIn } from './find-elements.js';

const SOURCE = `import { forwardRef, memo } from 'react';
export function Page() {
  const rows = [1, 2].map((n) => <li key={n}>{n}</li>);
  return <ul>{rows}</ul>;
}
export const Badge = memo(({ label }: { label: string }) => <span>{label}</span>);
export const Field = forwardRef<HTMLInputElement>(function FieldInner(props, ref) {
  return <input ref={ref} {...props} />;
});
const Plain = forwardRef<HTMLDivElement>((props, ref) => <div ref={ref} />);
const helper = () => <em>not a component</em>;
export default <b>top level</b>;
`;

describe('the component an element is written in', () => {
  it('is the nearest enclosing function with a component name, through map callbacks, memo and forwardRef', () => {
    const entries = indexJsxElements(parseJsxSource('src/page.tsx', SOURCE), 'src/page.tsx');
    const owner = (tag: string) => writtenIn(entries.find((entry) => entry.tagName === tag)!.node);
    expect(owner('li')).toBe('Page');
    expect(owner('ul')).toBe('Page');
    expect(owner('span')).toBe('Badge');
    expect(owner('input')).toBe('Field');
    expect(owner('div')).toBe('Plain');
    expect(owner('em')).toBeNull();
    expect(owner('b')).toBeNull();
  });
});
