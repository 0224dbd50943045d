/**
 * What an agent's change body leaves out, filled in as the studio's inspector fills it, so a change through the agent
 * calls writes what the same change made in the studio writes.
 */
import type { ProjectTheme } from '../../contracts/project-theme.js';

/**
 * An `addClass` without `stylingFramework` is written in the project's framework: in a Tailwind project the class
 * replaces the utilities it conflicts with (`bg-amber-500` replaces `bg-emerald-600`), as the inspector's does,
 * instead of being appended beside them (the frame would show one colour, the reloaded page the other). A theme that
 * cannot be read leaves the body as it is.
 */
export async function withProjectStyling(kind: string, body: unknown, theme: () => Promise<Pick<ProjectTheme, 'stylingFramework'>>): Promise<unknown> {
  if (kind !== 'addClass' || typeof body !== 'object' || body === null || Array.isArray(body) || 'stylingFramework' in body) return body;
  const framework = await theme().then(
    (answer) => answer.stylingFramework,
    () => undefined,
  );
  return framework === 'Tailwind' ? { ...body, stylingFramework: 'Tailwind' } : body;
}
