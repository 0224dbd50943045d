import { describe, expect, it } from 'vitest';
import { canvasOfPage, canvasScriptOf, STUDIO_CANVAS_SCRIPT_ID } from './studio-page-canvas.js';

const textOf = (script: string) => /^<script type="application\/json" id="[^"]+">([\s\S]*)<\/script>$/.exec(script)?.[1];

describe('the canvas document in the studio page', () => {
  it('round-trips a document through its script element', () => {
    const document = { id: 'default', name: 'Kế hoạch', frames: [{ id: 'f1', route: '/drone?page=2' }] };
    const script = canvasScriptOf(document);
    expect(script).toContain(`id="${STUDIO_CANVAS_SCRIPT_ID}"`);
    expect(canvasOfPage(textOf(script), 'default')).toEqual(document);
  });

  it('cannot be ended or derailed by what a person typed into it', () => {
    const name = '</script><script>alert(1)</script><!-- \u2028\u2029';
    const script = canvasScriptOf({ id: 'a', name });
    expect(script.match(/<\/script>/g)).toHaveLength(1);
    expect(script).not.toContain('<!--');
    expect(script).not.toMatch(/[\u2028\u2029]/);
    expect(canvasOfPage<{ id: string; name: string }>(textOf(script), 'a')?.name).toBe(name);
  });

  it("gives nothing for another canvas, a missing script or text that is not a document", () => {
    expect(canvasOfPage(textOf(canvasScriptOf({ id: 'a' })), 'b')).toBeNull();
    expect(canvasOfPage(null, 'a')).toBeNull();
    expect(canvasOfPage('', 'a')).toBeNull();
    expect(canvasOfPage('{not json', 'a')).toBeNull();
    expect(canvasOfPage('"a"', 'a')).toBeNull();
    expect(canvasOfPage('null', 'a')).toBeNull();
  });
});
