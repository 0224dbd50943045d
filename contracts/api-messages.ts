/**
 * The one language of the API's validation messages: Vietnamese, the console's (docs/console.md#api-checks). A rule
 * with a message of its own keeps it; zod's defaults (a wrong type, a missing or unknown key) come in Vietnamese from
 * zod's own locale. Given to each parse of the API's input rather than set globally, so the studio's own schemas in the
 * same process keep their English.
 */
import type { z } from 'zod';
import { vi } from 'zod/locales';

const apiErrorMap = vi().localeError;

/** `schema.safeParse(value)` with the API's messages. */
export function safeParseApiInput<T>(schema: z.ZodType<T>, value: unknown): z.ZodSafeParseResult<T> {
  return schema.safeParse(value, { error: apiErrorMap });
}
