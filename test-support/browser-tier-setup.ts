/**
 * Before the browser tier starts its browser: stop with the reason when Debian's Chromium is missing, instead of
 * Playwright's advice to download a browser of its own.
 */
import { findChromium } from '../e2e/chromium.js';

export default function checkChromium(): void {
  findChromium();
}
