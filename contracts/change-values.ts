/**
 * Plain values the change fields use, below both the table of change kinds (`change-kinds.ts`) and the body schemas
 * (`changes.ts`), so neither has to import the other's module for them.
 */

export const STYLING_FRAMEWORKS = ['Inline', 'CSS', 'Tailwind'] as const;
export type StylingFramework = (typeof STYLING_FRAMEWORKS)[number];

/**
 * A prop value: a string, number or boolean literal; `{ expression }` for any JavaScript expression, written as
 * is; `null` removes the prop.
 */
export type PropValue = string | number | boolean | null | { expression: string };
