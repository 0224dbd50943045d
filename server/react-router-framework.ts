/**
 * A React Router framework-mode app (`react-router.config.ts`, `app/root.tsx`, the `@react-router/dev` Vite plugin,
 * no `index.html`) is told apart from a folder that is not a Vite app at all, and refused with what the studio does
 * not support yet. Why not served: its pages are rendered by the framework plugin's own dev middleware from
 * `app/root.tsx` (in SPA mode too, where `ssr: false` only changes the build), so there is no `index.html` for the
 * studio to add its overlay to, and the plugin compiles the routes itself (no `@vitejs/plugin-react`, whose Babel
 * pass carries the studio's element ids, and route modules split into client and server halves).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const CONFIG_FILES = ['react-router.config.ts', 'react-router.config.js', 'react-router.config.mjs', 'react-router.config.mts'];
const ROOT_ROUTES = ['app/root.tsx', 'app/root.jsx', 'app/root.ts', 'app/root.js'];

/** Whether the project's package.json names `@react-router/dev` (framework mode's Vite plugin). */
function namesFrameworkPlugin(root: string): boolean {
  try {
    const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as Record<string, Record<string, string> | undefined>;
    return Boolean(manifest.dependencies?.['@react-router/dev'] ?? manifest.devDependencies?.['@react-router/dev']);
  } catch {
    return false;
  }
}

/** Why the studio cannot serve `root` when it is a React Router framework-mode app, else null. */
export function reactRouterFrameworkRefusal(root: string): string | null {
  const config = CONFIG_FILES.find((name) => existsSync(join(root, name)));
  const rootRoute = ROOT_ROUTES.find((name) => existsSync(join(root, name)));
  if (!config && !(rootRoute && namesFrameworkPlugin(root))) return null;
  const mode = config && /\bssr\s*:\s*false\b/.test(readFileSync(join(root, config), 'utf8')) ? 'SPA mode (ssr: false)' : 'server rendering';
  const found = [config, rootRoute, existsSync(join(root, 'index.html')) ? null : 'no index.html'].filter(Boolean).join(', ');
  return (
    `${root} is a React Router framework-mode app (${found}), in ${mode}: the studio does not serve framework mode yet, ` +
    'neither SPA mode nor server rendering. Its pages are rendered by the @react-router/dev Vite plugin from app/root.tsx, ' +
    "where the studio serves a Vite + React app from its index.html (its overlay goes there) with @vitejs/plugin-react " +
    "(its element ids go through it). Run it with its own 'react-router dev'; React Router in library mode " +
    '(createBrowserRouter or <BrowserRouter> in an index.html app) is served.'
  );
}
