/**
 * Component preview capture (docs/editor.md#capture): waits for the page to load (at most 2000 ms),
 * draws the element as a JPEG with html-to-image inside the box limits, on the backgrounds it shows through (its own
 * and its ancestors', down to an opaque one), leaves out scripts, styles and the overlay, and turns an unreachable
 * resource into a placeholder with a warning — but a 404 into an error. (The frame's own capture, for an agent's
 * screenshot, is `viewport-capture.ts`.)
 */
import { toJpeg } from 'html-to-image';
import { CAPTURE_JPEG_QUALITY, CAPTURE_LOAD_WAIT_MS, captureBackground, captureBox, type BackgroundLayer } from './capture-box.js';

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

/**
 * Checks every image the element shows: a 404 fails the capture; an image that cannot be fetched or is not an image
 * is warned about and drawn as the placeholder. Answers a function that puts the page's images back.
 */
async function prepareImages(element: Element, warn: (message: string) => void): Promise<() => void> {
  const images = [...element.querySelectorAll('img')].filter((image) => (image.currentSrc || image.src) && !image.src.startsWith('data:'));
  const broken: HTMLImageElement[] = [];
  await Promise.all(
    images.map(async (image) => {
      const url = image.currentSrc || image.src;
      let response: Response;
      try {
        response = await fetch(url, { cache: 'force-cache' });
      } catch (error) {
        warn(`Could not fetch ${url} for the preview, using a placeholder: ${(error as Error).message}`);
        broken.push(image);
        return;
      }
      if (response.status === 404) throw new CaptureNotFoundError(`Resource not found: ${url}`);
      const type = response.headers.get('content-type') ?? '';
      if (!response.ok || !type.startsWith('image/')) {
        warn(`Could not fetch ${url} for the preview (${response.status} ${type}), using a placeholder`);
        broken.push(image);
      }
    }),
  );
  const originals = broken.map((image) => [image, image.getAttribute('src'), image.getAttribute('srcset')] as const);
  for (const image of broken) {
    image.removeAttribute('srcset');
    image.src = IMAGE_PLACEHOLDER;
  }
  return () => {
    for (const [image, src, srcset] of originals) {
      if (src === null) image.removeAttribute('src');
      else image.setAttribute('src', src);
      if (srcset !== null) image.setAttribute('srcset', srcset);
    }
  };
}

/** html-to-image rejects with a bare load Event when a resource cannot be drawn: give it words. */
function describeFailure(error: unknown): Error {
  if (error instanceof Error) return error;
  if (typeof Event !== 'undefined' && error instanceof Event) {
    const target = error.target as { src?: string } | null;
    return new Error(`Could not draw the preview: a resource failed to load${target?.src ? ` (${target.src.slice(0, 120)})` : ''}`);
  }
  return new Error(String(error));
}

/** The element's background and those of its ancestors, nearest first, as the page computes them. */
function backgroundLayers(element: Element): BackgroundLayer[] {
  const layers: BackgroundLayer[] = [];
  for (let current: Element | null = element; current; current = current.parentElement) {
    const style = getComputedStyle(current);
    layers.push({ color: style.backgroundColor, image: style.backgroundImage });
  }
  return layers;
}

export async function captureElement(element: HTMLElement, isOverlay: (node: Node) => boolean, warn: (message: string) => void): Promise<string> {
  await waitForLoad();
  const restoreImages = await prepareImages(element, warn);
  const rect = element.getBoundingClientRect();
  const box = captureBox(rect.width, rect.height);
  const background = captureBackground(backgroundLayers(element));
  try {
    return await toJpeg(element, {
      width: box.width,
      height: box.height,
      pixelRatio: box.pixelRatio,
      quality: CAPTURE_JPEG_QUALITY,
      backgroundColor: background.color,
      ...(background.image ? { style: { backgroundImage: background.image } } : {}),
      imagePlaceholder: IMAGE_PLACEHOLDER,
      filter: (node) => keepInCapture(node, isOverlay),
    });
  } catch (error) {
    throw describeFailure(error);
  } finally {
    restoreImages();
  }
}

function keepInCapture(node: Node, isOverlay: (node: Node) => boolean): boolean {
  const tag = (node as Element).tagName;
  return tag !== 'SCRIPT' && tag !== 'STYLE' && tag !== 'LINK' && !isOverlay(node);
}
