/**
 * The CSS of Tailwind classes for instant updates comes from the studio server, which runs the console's own
 * Tailwind (never a hand-written table), else (the server out of reach) from the page's own rules of that class.
 * The call is a studio request: it carries the per-start token that the studio page holds, read from the parent
 * page, which is the same origin.
 */
import { STUDIO_TOKEN_HEADER, STUDIO_TOKEN_META } from '@contracts/dom.js';
import { STUDIO_API_PATHS, STUDIO_API_PREFIX } from '@contracts/studio-routes.js';

const TAILWIND_CSS_PATH = `${STUDIO_API_PREFIX}${STUDIO_API_PATHS.tailwindCss}`;

function studioToken(): string | null {
  try {
    return window.parent.document.querySelector<HTMLMetaElement>(`meta[name="${STUDIO_TOKEN_META}"]`)?.content ?? null;
  } catch {
    return null;
  }
}

export interface TailwindClassRequest {
  className: string;
  modifiers: string[];
}

/** The rule of each class as the page's own stylesheets have it (its `@media`, `@supports` and layer around it), or null for one they lack. */
export function pageCssOf(className: string, sheets: Iterable<CSSStyleSheet> = document.styleSheets): string | null {
  const selector = `.${CSS.escape(className)}`;
  const found: string[] = [];
  const visit = (rules: CSSRuleList, wrap: (css: string) => string) => {
    for (const rule of rules) {
      if (rule instanceof CSSStyleRule && rule.selectorText.split(',').some((part) => part.trim() === selector)) found.push(wrap(`${selector} { ${rule.style.cssText} }`));
      else if (rule instanceof CSSMediaRule) visit(rule.cssRules, (css) => wrap(`@media ${rule.conditionText} { ${css} }`));
      else if (rule instanceof CSSSupportsRule) visit(rule.cssRules, (css) => wrap(`@supports ${rule.conditionText} { ${css} }`));
      else if (rule instanceof CSSLayerBlockRule) visit(rule.cssRules, (css) => wrap(`@layer ${rule.name} { ${css} }`));
    }
  };
  for (const sheet of sheets) {
    try {
      visit(sheet.cssRules, (css) => css);
    } catch {
      // A sheet of another origin cannot be read: it holds none of the project's classes.
    }
  }
  return found.length ? found.join('\n') : null;
}

/**
 * The generated CSS for the classes, or an error saying why there is none. With the server out of reach (stopped,
 * restarting: edits then wait to be written but are still shown), a class the page already uses is shown by its rule
 * in the page's own stylesheets.
 */
export async function fetchTailwindCss(classes: TailwindClassRequest[]): Promise<string> {
  try {
    return await fetchFromServer(classes);
  } catch (error) {
    const fromPage = classes.map(({ className, modifiers }) => pageCssOf([...modifiers, className].join(':')));
    if (fromPage.every((css) => css !== null)) return fromPage.join('\n');
    throw error;
  }
}

async function fetchFromServer(classes: TailwindClassRequest[]): Promise<string> {
  const token = studioToken();
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token) headers[STUDIO_TOKEN_HEADER] = token;
  const response = await fetch(TAILWIND_CSS_PATH, { method: 'POST', headers, body: JSON.stringify({ classes }) });
  if (!response.ok) throw new Error(`Tailwind CSS request failed with ${response.status}: ${await response.text()}`);
  const answer = (await response.json()) as { css?: unknown };
  if (typeof answer.css !== 'string') throw new Error('Tailwind CSS answer has no css');
  return answer.css;
}
