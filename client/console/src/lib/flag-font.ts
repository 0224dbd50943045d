/**
 * Country flags are emoji (pairs of regional indicators) that Windows, and Linux without a colour-emoji font, draw
 * as two letters or as boxes. A flags-only web font (Twemoji's, shipped in country-flag-emoji-polyfill) is declared
 * for those code points alone: it is downloaded only when a flag is on screen and changes no other character.
 */
import flagFontUrl from 'country-flag-emoji-polyfill/dist/TwemojiCountryFlags.woff2?url';

/** The family `--font-flag` in styles.css names first. */
export const FLAG_FONT_FAMILY = 'Twemoji Country Flags';

const STYLE_ID = 'flag-font-face';

export function installFlagFont(doc: Document = document): void {
  if (doc.getElementById(STYLE_ID)) return;
  const style = doc.createElement('style');
  style.id = STYLE_ID;
  style.textContent =
    `@font-face { font-family: "${FLAG_FONT_FAMILY}"; src: url("${flagFontUrl}") format("woff2"); ` +
    'unicode-range: U+1F1E6-1F1FF, U+1F3F4, U+E0062-E007F; font-display: swap; }';
  doc.head.append(style);
}
