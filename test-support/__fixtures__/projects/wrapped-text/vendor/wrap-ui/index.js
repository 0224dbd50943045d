// A component library as it is published: built JavaScript, no JSX. Its button wraps its label in a span.
import { createElement } from 'react';

export function Button({ children, ...props }) {
  return createElement('button', { type: 'button', className: 'wrap-ui-button', ...props }, createElement('span', { className: 'wrap-ui-label' }, children));
}
