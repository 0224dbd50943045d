import { describe, expect, it } from 'vitest';
import { anchorsOf, brokenDocLinks, docsReferencesOf, relativeLinksOf, slugOf } from './check-docs-links.js';

describe('slugOf and anchorsOf', () => {
  it('make the anchors GitHub makes: lower case, punctuation dropped, spaces to hyphens, repeats numbered', () => {
    expect(slugOf('Zoom: percent and factor')).toBe('zoom-percent-and-factor');
    expect(slugOf('Starting `dev`')).toBe('starting-dev');
    expect(slugOf('Frame, storyboard')).toBe('frame-storyboard');
    expect(slugOf('Quản lý Drone')).toBe('quản-lý-drone');
    const markdown = '# Title\n## Rules\n```\n## Not a heading\n```\n### Rules\n';
    expect([...anchorsOf(markdown)]).toEqual(['title', 'rules', 'rules-1']);
  });
});

describe('relativeLinksOf and docsReferencesOf', () => {
  it('take relative links outside code fences, and docs/ references wherever they are written', () => {
    const markdown = '[a](console.md#paging-rules) [b](https://example.com) [c](../bench/README.md)\n```\n[d](x.md)\n```\n';
    expect(relativeLinksOf(markdown)).toEqual(['console.md#paging-rules', '../bench/README.md']);
    const source = '/** The pager (docs/console.md#paging-rules); see also docs/editor.md and not my-docs/x.md. */';
    expect(docsReferencesOf(source)).toEqual(['docs/console.md#paging-rules', 'docs/editor.md']);
  });
});

describe('the repository', () => {
  it('has no documentation link and no docs/ reference that leads nowhere', () => {
    expect(brokenDocLinks()).toEqual([]);
  });
});
