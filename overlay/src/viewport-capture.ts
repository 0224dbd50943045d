/**
 * The frame's picture for an agent's screenshot (`captureFrame`), made in short tasks so the studio's page, whose main
 * thread this same-origin frame shares, never stalls (issue 28: html-to-image's copy of every computed style froze it
 * for 9.5–16 s). The page is copied as it is written, not style by style: the document cloned into an inert
 * document (nothing loads, nothing runs), its stylesheets carried as text (rules inserted by script included), its
 * images and fonts inlined as data URLs (fetched meanwhile, fonts kept between captures), form values written as
 * attributes; the copy is drawn by the browser as an SVG image at the viewport's size, scrolled as the frame is, and
 * encoded to PNG by a worker, and answered as that Blob (never a base64 string).
 *
 * Lasting state, owned here: the fonts already inlined (by URL) and the encoding worker, made at the first capture.
 */
import type { FramePicture } from '@contracts/frame-protocol.js';
import { OVERLAY_HOST_ID } from './shadow-host.js';

/** How long the images and fonts of one capture may take to fetch; those not there by then are left out. */
const INLINE_WAIT_MS = 600;

const XHTML = 'http://www.w3.org/1999/xhtml';
/** The height of each part of the picture drawn in one task. */
const DRAW_STRIP_PX = 100;

/** Lets the page's other tasks (and the studio's) run before the next step. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

function blobToDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.onerror = () => reject(reader.error ?? new Error('the image could not be read'));
    reader.readAsDataURL(blob);
  });
}

/** A resource as a data URL, or null when it could not be fetched in time (it is then left out of the picture). */
async function inlined(url: string, until: number): Promise<string | null> {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), Math.max(0, until - performance.now()));
  try {
    const response = await fetch(url, { cache: 'force-cache', signal: abort.signal });
    return response.ok ? await blobToDataUrl(await response.blob()) : null;
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
  }
}

const fontCache = new Map<string, Promise<string | null>>();

/** A stylesheet's rules as text; a sheet of another origin that will not tell them is left out. */
function sheetText(sheet: CSSStyleSheet): string {
  try {
    return Array.from(sheet.cssRules, (rule) => rule.cssText).join('\n');
  } catch {
    return '';
  }
}

/** The CSS with each font's `url(…)` replaced by its data URL (fetched once per URL); other URLs are left as written. */
async function withInlinedFonts(css: string, base: string, until: number): Promise<string> {
  const fontFaces = css.match(/@font-face\s*{[^}]*}/g) ?? [];
  const urls = new Set(fontFaces.flatMap((face) => [...face.matchAll(/url\(\s*["']?([^"')]+)["']?\s*\)/g)].map((match) => match[1]!)).filter((url) => !url.startsWith('data:')));
  const replacements = new Map<string, string>();
  await Promise.all(
    [...urls].map(async (url) => {
      const absolute = new URL(url, base).href;
      if (!fontCache.has(absolute)) fontCache.set(absolute, inlined(absolute, until + 2000));
      const data = await fontCache.get(absolute)!;
      if (data) replacements.set(url, data);
    }),
  );
  return replacements.size === 0 ? css : css.replace(/url\(\s*["']?([^"')]+)["']?\s*\)/g, (whole, url: string) => (replacements.has(url) ? `url("${replacements.get(url)}")` : whole));
}

/** The page's styles in order: every `<style>` and stylesheet `<link>`, then sheets adopted by script. */
function pageCss(): string {
  const owned = Array.from(document.styleSheets, sheetText);
  const adopted = (document.adoptedStyleSheets ?? []).map(sheetText);
  return [...owned, ...adopted].join('\n');
}

/** Copies what cloning leaves behind (form values, canvases' pixels) from the page's elements onto their copies. */
function carryLiveState(original: Element, copy: Element): void {
  const from = original.querySelectorAll('input, textarea, select, canvas');
  const to = copy.querySelectorAll('input, textarea, select, canvas');
  from.forEach((element, index) => {
    const target = to[index];
    if (!target) return;
    if (element instanceof HTMLInputElement) {
      if (element.type === 'checkbox' || element.type === 'radio') target.toggleAttribute('checked', element.checked);
      else target.setAttribute('value', element.value);
    } else if (element instanceof HTMLTextAreaElement) target.textContent = element.value;
    else if (element instanceof HTMLSelectElement) target.querySelectorAll('option').forEach((option, at) => option.toggleAttribute('selected', at === element.selectedIndex));
    else if (element instanceof HTMLCanvasElement) {
      try {
        const image = copy.ownerDocument.createElement('img');
        image.setAttribute('src', element.toDataURL());
        image.setAttribute('style', target.getAttribute('style') ?? '');
        image.setAttribute('class', target.getAttribute('class') ?? '');
        image.setAttribute('width', String(element.width));
        image.setAttribute('height', String(element.height));
        target.replaceWith(image);
      } catch {
        // A canvas tainted by another origin's pixels cannot be read: it stays blank.
      }
    }
  });
}

/** The page copied into an inert document: no overlay, no scripts, no stylesheets of its own (they come as text). */
function pageCopy(): { root: HTMLElement; images: Array<{ copy: Element; url: string }> } {
  const inert = document.implementation.createHTMLDocument('');
  const root = inert.importNode(document.documentElement, true) as HTMLElement;
  carryLiveState(document.documentElement, root);
  const originals = document.documentElement.querySelectorAll('img');
  const copies = root.querySelectorAll('img');
  const images: Array<{ copy: Element; url: string }> = [];
  copies.forEach((copy, index) => {
    const url = originals[index]?.currentSrc || copy.getAttribute('src') || '';
    copy.removeAttribute('srcset');
    copy.removeAttribute('loading');
    if (url && !url.startsWith('data:')) images.push({ copy, url: new URL(url, location.href).href });
  });
  for (const element of root.querySelectorAll(`script, noscript, style, link[rel~="stylesheet"], #${OVERLAY_HOST_ID}`)) element.remove();
  return { root, images };
}

let worker: Worker | null = null;
let nextJob = 0;
const waiting = new Map<number, { resolve(blob: Blob): void; reject(error: Error): void }>();

/** Runs in the worker: draws each bitmap it is sent on an offscreen canvas and answers its PNG. */
const WORKER_SOURCE = `onmessage = async (event) => {
  const { id, bitmap } = event.data;
  try {
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    canvas.getContext('2d').drawImage(bitmap, 0, 0);
    bitmap.close();
    postMessage({ id, blob: await canvas.convertToBlob({ type: 'image/png' }) });
  } catch (error) {
    postMessage({ id, error: String(error && error.message || error) });
  }
};`;

function encodingWorker(): Worker {
  if (!worker) {
    worker = new Worker(URL.createObjectURL(new Blob([WORKER_SOURCE], { type: 'text/javascript' })));
    worker.onmessage = (event: MessageEvent<{ id: number; blob?: Blob; error?: string }>) => {
      const job = waiting.get(event.data.id);
      waiting.delete(event.data.id);
      if (event.data.blob) job?.resolve(event.data.blob);
      else job?.reject(new Error(`The frame's picture could not be encoded: ${event.data.error ?? 'unknown error'}`));
    };
  }
  return worker;
}

/** The bitmap as a PNG, encoded by the worker off the page's main thread. */
function encodePng(bitmap: ImageBitmap): Promise<Blob> {
  const encoder = encodingWorker();
  const id = nextJob++;
  return new Promise((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    encoder.postMessage({ id, bitmap }, [bitmap]);
  });
}

/** The SVG image of the copy at the viewport's size, the page moved by the window's scroll (as the frame shows it). */
function svgOf(root: HTMLElement, css: string, width: number, height: number): string {
  root.setAttribute('xmlns', XHTML);
  const margins = getComputedStyle(document.documentElement);
  const scrolled = window.scrollX !== 0 || window.scrollY !== 0;
  // Moved by its margins, not a transform: a transform would carry the page's fixed parts (a sidebar) away with it.
  const shift = scrolled ? `margin-left:${parseFloat(margins.marginLeft) - window.scrollX}px;margin-top:${parseFloat(margins.marginTop) - window.scrollY}px;` : '';
  root.setAttribute('style', `${root.getAttribute('style') ?? ''};width:${width}px;${shift}`);
  const head = root.querySelector('head') ?? root.insertBefore(root.ownerDocument.createElement('head'), root.firstChild);
  const style = root.ownerDocument.createElement('style');
  style.textContent = css;
  head.append(style);
  const html = new XMLSerializer().serializeToString(root);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><foreignObject x="0" y="0" width="100%" height="100%">${html}</foreignObject></svg>`;
}

async function drawn(svg: string, width: number, height: number): Promise<ImageBitmap> {
  // A data URL, not a blob URL: Chromium takes an SVG image with a foreignObject from a blob URL as of another
  // origin, and its bitmap could then not be handed to the worker.
  const image = new Image(width, height);
  image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
  await image.decode();
  await nextTask();
  // Drawn on a canvas first: a bitmap made from the SVG image itself counts as of another origin, one of the canvas not.
  // Drawn in strips, each in a task of its own: the whole viewport at once kept the page's main thread for up to
  // 80 ms at the first capture (the bench's longest-task budget is 50 ms).
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext('2d')!;
  for (let y = 0; y < height; y += DRAW_STRIP_PX) {
    const strip = Math.min(DRAW_STRIP_PX, height - y);
    context.drawImage(image, 0, y, width, strip, 0, y, width, strip);
    await nextTask();
  }
  return createImageBitmap(canvas);
}

/** A picture of a few pixels: what the first capture would pay once (an SVG image of HTML, the worker) is paid here. */
const WARM_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><foreignObject width="100%" height="100%"><html xmlns="${XHTML}"><body style="margin:0"><p style="font:8px sans-serif">a</p></body></html></foreignObject></svg>`;

/**
 * Readies the capture when the page is idle, in small tasks: the worker started, a tiny SVG image of HTML decoded and
 * drawn. The first agent screenshot otherwise paid for both on the studio page's main thread (issue 28).
 */
export function warmViewportCapture(): void {
  const idle = (run: () => void) => (typeof requestIdleCallback === 'function' ? requestIdleCallback(run, { timeout: 5000 }) : setTimeout(run, 200));
  idle(() => {
    void (async () => {
      encodingWorker();
      await nextTask();
      (await drawn(WARM_SVG, 8, 8)).close();
    })().catch(() => undefined);
  });
}

export async function captureViewportInSlices(): Promise<FramePicture> {
  const width = Math.max(1, Math.round(window.innerWidth));
  const height = Math.max(1, Math.round(window.innerHeight));
  const until = performance.now() + INLINE_WAIT_MS;
  const { root, images } = pageCopy();
  await nextTask();
  const [css] = await Promise.all([
    withInlinedFonts(pageCss(), location.href, until),
    ...images.map(async ({ copy, url }) => {
      const data = await inlined(url, until);
      if (data) copy.setAttribute('src', data);
      else copy.removeAttribute('src');
    }),
  ]);
  await nextTask();
  const svg = svgOf(root, css, width, height);
  await nextTask();
  const bitmap = await drawn(svg, width, height);
  // The worker's Blob as it is: posted to the studio page by reference and uploaded from there as a binary body.
  return { png: await encodePng(bitmap), width, height };
}
