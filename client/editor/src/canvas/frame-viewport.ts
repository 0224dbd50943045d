/**
 * A frame's viewport: the presets by name, a custom size checked against the canvas limits, and making a new frame.
 */
import { VIEWPORT_LIMITS, VIEWPORT_PRESETS, type CanvasFrame, type ViewportPreset } from '@contracts/studio-api.js';

export const PRESET_LABELS: Record<ViewportPreset, string> = { desktop: 'Desktop', tablet: 'Tablet', mobile: 'Mobile', custom: 'Custom' };

export type Viewport = CanvasFrame['viewport'];

/** A custom viewport from typed width and height, or why it is not one. */
export function customViewport(width: string, height: string): Viewport | { error: string } {
  const w = Number(width);
  const h = Number(height);
  const { min, max } = VIEWPORT_LIMITS;
  if (!Number.isInteger(w) || !Number.isInteger(h) || w < min || w > max || h < min || h > max) {
    return { error: `Width and height are whole numbers of pixels from ${min} to ${max}` };
  }
  const preset = (Object.keys(VIEWPORT_PRESETS) as (keyof typeof VIEWPORT_PRESETS)[]).find((name) => VIEWPORT_PRESETS[name].width === w && VIEWPORT_PRESETS[name].height === h);
  return { preset: preset ?? 'custom', width: w, height: h };
}

export function applyViewport(frame: CanvasFrame, viewport: Viewport): void {
  frame.viewport = { preset: viewport.preset, width: viewport.width, height: viewport.height };
}

/** The first free `frame-N` id of a canvas. */
export function nextFrameId(frames: readonly Pick<CanvasFrame, 'id'>[]): string {
  const taken = new Set(frames.map((frame) => frame.id));
  let n = frames.length + 1;
  while (taken.has(`frame-${n}`)) n++;
  return `frame-${n}`;
}

/** A name for a new frame: the preset's, and the route when it is not the home page; numbered when taken. */
export function newFrameName(frames: readonly Pick<CanvasFrame, 'name'>[], preset: ViewportPreset, route: string): string {
  const base = route === '/' ? PRESET_LABELS[preset] : `${PRESET_LABELS[preset]} ${route}`.slice(0, 110);
  const taken = new Set(frames.map((frame) => frame.name));
  if (!taken.has(base)) return base;
  let n = 2;
  while (taken.has(`${base} ${n}`)) n++;
  return `${base} ${n}`;
}
