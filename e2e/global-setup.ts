/**
 * One studio (`dev` on the mock) shared by the specs that need no server of their own; its URL reaches the
 * workers through the environment.
 */
import { startStudio } from './studio-process.js';

export default async function globalSetup(): Promise<() => Promise<void>> {
  const studio = await startStudio(['dev']);
  process.env.STUDIO_URL = studio.url;
  return () => studio.stop();
}
