/**
 * Sizes of a component preview capture: the captured box is kept between 80×60 and 800×600 CSS pixels,
 * drawn at pixel ratio 2, and never onto a canvas side larger than the browser's limit of 16384 pixels.
 * See docs/editor.md#capture.
 */
export const CAPTURE_LOAD_WAIT_MS = 2000;
export const CAPTURE_MIN_BOX = { width: 80, height: 60 } as const;
export const CAPTURE_MAX_BOX = { width: 800, height: 600 } as const;
export const CAPTURE_JPEG_QUALITY = 0.8;
export const CAPTURE_PIXEL_RATIO = 2;
export const CAPTURE_BACKGROUND = '#ffffff';
export const CANVAS_SIZE_LIMIT_PX = 16384;

export interface CaptureBox {
  width: number;
  height: number;
  pixelRatio: number;
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

export function captureBox(width: number, height: number): CaptureBox {
  const boxWidth = Math.ceil(clamp(Number.isFinite(width) ? width : 0, CAPTURE_MIN_BOX.width, CAPTURE_MAX_BOX.width));
  const boxHeight = Math.ceil(clamp(Number.isFinite(height) ? height : 0, CAPTURE_MIN_BOX.height, CAPTURE_MAX_BOX.height));
  const largest = Math.max(boxWidth, boxHeight);
  const pixelRatio = Math.min(CAPTURE_PIXEL_RATIO, CANVAS_SIZE_LIMIT_PX / largest);
  return { width: boxWidth, height: boxHeight, pixelRatio };
}

/** An element's own background as the page computes it. */
export interface BackgroundLayer {
  color: string;
  image: string;
}

/** The alpha of a computed CSS colour (`rgba(…, a)`, `rgb(… / a)`, `oklab(… / a)`, `color(srgb … / a)`, `transparent`). */
export function alphaOf(color: string): number {
  const text = color.trim().toLowerCase();
  if (text === 'transparent' || text === '') return 0;
  const slash = /\/\s*([\d.]+)(%?)\s*\)$/.exec(text);
  if (slash) return Number(slash[1]) / (slash[2] ? 100 : 1);
  const legacy = /^rgba\(\s*[^,]+,[^,]+,[^,]+,\s*([\d.]+)(%?)\s*\)$/.exec(text);
  if (legacy) return Number(legacy[1]) / (legacy[2] ? 100 : 1);
  return 1;
}

/**
 * What the capture is drawn on, from the element's own background up through its ancestors' (nearest first): the
 * backgrounds the element shows through, down to the first opaque colour (or the white of an empty page). White text
 * on a green header is drawn on the green, not on white, where it would vanish. The translucent colours and images
 * on the way are kept as image layers, topmost first, as CSS stacks them.
 */
export function captureBackground(layers: readonly BackgroundLayer[]): { color: string; image: string | null } {
  const images: string[] = [];
  for (const layer of layers) {
    if (layer.image && layer.image !== 'none') images.push(layer.image);
    const alpha = alphaOf(layer.color);
    if (alpha >= 1) return { color: layer.color, image: images.length ? images.join(', ') : null };
    if (alpha > 0) images.push(`linear-gradient(${layer.color}, ${layer.color})`);
  }
  return { color: CAPTURE_BACKGROUND, image: images.length ? images.join(', ') : null };
}
