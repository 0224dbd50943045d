/**
 * Who made a change: a person in the studio, or a coding agent through the agent calls (`agent-api.ts`). A module of
 * its own, without zod, because the server's history reads it at start-up, before anything loads zod.
 */
export const CHANGE_AUTHORS = ['studio', 'agent'] as const;
export type ChangeAuthor = (typeof CHANGE_AUTHORS)[number];
