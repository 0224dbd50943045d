import { describe, expect, it } from 'vitest';
import { parseJsxSource } from '../codebase-ids/index-jsx-elements.js';
import { propsOf } from './component-prop-list.js';

const SOURCE = `import { forwardRef, memo, type FC, type ReactNode } from 'react';
import type { Extra } from './extra';
interface ButtonProps {
  label: string;
  variant?: 'primary' | 'ghost';
  onPress(): void;
}
export function Button({ label, variant = 'primary', onPress }: ButtonProps) {
  return <button onClick={onPress}>{label}</button>;
}
type CardProps = { title: string; children?: ReactNode } & Extra;
export const Card = memo(({ title, children, ...rest }: CardProps) => <section {...rest}>{title}{children}</section>);
export const Field = forwardRef<HTMLInputElement, { name: string; size?: number }>(({ name, size = 3 }, ref) => <input ref={ref} name={name} size={size} />);
export const Badge: FC<{ tone?: string }> = ({ tone = 'info' }) => <span>{tone}</span>;
export function Bare() {
  return <hr />;
}
export function Untyped({ heading, open = false }) {
  return open ? <h2>{heading}</h2> : null;
}
`;

describe("a component's props as its source writes them", () => {
  const sourceFile = parseJsxSource('src/parts.tsx', SOURCE);

  it('reads an interface of the file, with the defaults its destructuring gives', () => {
    expect(propsOf(sourceFile, 'Button')).toEqual({
      props: [
        { name: 'label', type: 'string', required: true },
        { name: 'variant', type: "'primary' | 'ghost'", required: false, default: "'primary'" },
        { name: 'onPress', type: 'onPress(): void', required: true },
      ],
      more: false,
    });
  });

  it('reads a type alias through memo, and says when a part of it is written elsewhere', () => {
    expect(propsOf(sourceFile, 'Card')).toEqual({
      props: [
        { name: 'title', type: 'string', required: true },
        { name: 'children', type: 'ReactNode', required: false },
      ],
      more: true,
    });
  });

  it("reads forwardRef's and FC's type arguments", () => {
    expect(propsOf(sourceFile, 'Field')?.props).toEqual([
      { name: 'name', type: 'string', required: true },
      { name: 'size', type: 'number', required: false, default: '3' },
    ]);
    expect(propsOf(sourceFile, 'Badge')?.props).toEqual([{ name: 'tone', type: 'string', required: false, default: "'info'" }]);
  });

  it('answers none for a component without props, and the destructured names of an untyped one', () => {
    expect(propsOf(sourceFile, 'Bare')).toEqual({ props: [], more: false });
    expect(propsOf(sourceFile, 'Untyped')?.props).toEqual([
      { name: 'heading', required: true },
      { name: 'open', required: false, default: 'false' },
    ]);
    expect(propsOf(sourceFile, 'Missing')).toBeNull();
  });
});
