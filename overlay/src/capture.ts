/**
 * Component preview capture (spec §7 "Preview capture", §8, §9): waits for the page to load (at most 2000 ms),
 * draws the element as a JPEG with html-to-image inside the box limits, leaves out scripts, styles and the
 * overlay, and turns an unreachable resource into a placeholder with a warning — but a 404 into an error.
 */
import { toJpeg } from 'html-to-image';
import {
  CAPTURE_BACKGROUND,
  CAPTURE_JPEG_QUALITY,
  CAPTURE_LOAD_WAIT_MS,
  captureBox,
} from './capture-box.js';

/** A 1×1 light-grey GIF standing in for an image that could not be fetched. */
export const IMAGE_PLACEHOLDER = 'data:image/gif;base64,R0lGODlhAQABAIAAAN3d3f///yH5BAAAAAAALAAAAAABAAEAAAICRAEAOw==';

export class CaptureNotFoundError extends Error {}

function waitForLoad(): Promise<void> {
  if (document.readyState === 'complete') return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, CAPTURE_LOAD_WAIT_MS);
    window.addEventListener('load', () => {
      clearTimeout(timer);
      resolve();
    }, { once: true });
  });
}

/** Checks every image the element shows: a 404 fails the capture, other failures fall back with a warning. */
async function checkResources(element: Element, warn: (message: string) => void): Promise<void> {
  const urls = new Set<string>();
  for (const image of element.querySelectorAll('img')) if (image.currentSrc || image.src) urls.add(image.currentSrc || image.src);
  await Promise.all(
    [...urls].filter((url) => !url.startsWith('data:')).map(async (url) => {
      let response: Response;
      try {
        response = await fetch(url, { method: 'GET', cache: 'force-cache' });
      } catch (error) {
        warn(`Could not fetch ${url} for the preview, using a placeholder: ${(error as Error).message}`);
        return;
      }
      if (response.status === 404) throw new CaptureNotFoundError(`Resource not found: ${url}`);
      if (!response.ok) warn(`Could not fetch ${url} for the preview (${response.status}), using a placeholder`);
    }),
  );
}

export async function captureElement(element: HTMLElement, isOverlay: (node: Node) => boolean, warn: (message: string) => void): Promise<string> {
  await waitForLoad();
  await checkResources(element, warn);
  const rect = element.getBoundingClientRect();
  const box = captureBox(rect.width, rect.height);
  return toJpeg(element, {
    width: box.width,
    height: box.height,
    pixelRatio: box.pixelRatio,
    quality: CAPTURE_JPEG_QUALITY,
    backgroundColor: CAPTURE_BACKGROUND,
    imagePlaceholder: IMAGE_PLACEHOLDER,
    filter: (node) => {
      const tag = (node as Element).tagName;
      return tag !== 'SCRIPT' && tag !== 'STYLE' && tag !== 'LINK' && !isOverlay(node);
    },
  });
}
