/**
 * The URL space of the one origin (README.md, "Server routes"): what the server answers itself, and what belongs to
 * the console.
 */
import { isApiPath } from '../contracts/api-routes.js';
import { STUDIO_PATH_PREFIX } from '../contracts/studio-routes.js';

export const MOCK_PREFIX = '/_mock/';

/** Paths the console must never see: API, mock controls, studio. Their unknown URLs are JSON 404s. */
export function isServerPath(url: string): boolean {
  return isApiPath(url) || url.startsWith(MOCK_PREFIX) || url.startsWith(STUDIO_PATH_PREFIX) || url === '/_studio' || url === '/_mock';
}

/** The paths of a server that answers no plantation API (a project that is not the console): the studio's only. */
export function isStudioServerPath(url: string): boolean {
  return url.startsWith(STUDIO_PATH_PREFIX) || url === '/_studio';
}
