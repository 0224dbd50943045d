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
