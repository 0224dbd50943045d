import { describe, expect, it } from 'vitest';
import { overlayInjectionPlugin } from './overlay-injection-plugin.js';

describe('overlay injection plugin', () => {
  it('adds the overlay script to the served page only, deferred', () => {
    const plugin = overlayInjectionPlugin();
    expect(plugin.apply).toBe('serve');
    const hook = plugin.transformIndexHtml as { handler: () => unknown };
    expect(hook.handler()).toEqual([{ tag: 'script', attrs: { src: '/_studio/overlay.js', defer: true }, injectTo: 'head' }]);
  });
});
