import { readFile } from 'node:fs/promises';
import type { Plugin } from 'vite';

const SVG_COMPONENT = /\.svg\?component$/;

/** Attributes of the root `<svg>` as React props (`stroke-width` becomes `strokeWidth`). */
function attributesOf(tag: string): Record<string, string> {
  const props: Record<string, string> = {};
  for (const [, name, value] of tag.matchAll(/([\w:-]+)="([^"]*)"/g)) {
    if (!name || name === 'xmlns' || value === undefined) continue;
    props[name === 'class' ? 'className' : name.replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase())] = value;
  }
  return props;
}

/** `import Icon from './icon.svg?component'`: the SVG file as a React component taking SVG props. */
export function svgComponent(): Plugin {
  return {
    name: 'svg-component',
    // Before Vite's asset handling, which would otherwise answer the file's URL.
    enforce: 'pre',
    async load(id) {
      if (!SVG_COMPONENT.test(id)) return null;
      const svg = await readFile(id.replace(/\?component$/, ''), 'utf8');
      const open = /<svg\b([^>]*)>/.exec(svg);
      if (!open) throw new Error(`${id} has no <svg> element`);
      const inner = svg.slice(open.index + open[0].length, svg.lastIndexOf('</svg>')).trim();
      return [
        "import { createElement } from 'react';",
        `const attributes = ${JSON.stringify(attributesOf(open[1] ?? ''))};`,
        `const inner = ${JSON.stringify(inner)};`,
        'export default function SvgComponent(props) {',
        '  return createElement("svg", { ...attributes, ...props, dangerouslySetInnerHTML: { __html: inner } });',
        '}',
      ].join('\n');
    },
  };
}
