/**
 * The plan details' fallbacks: a plan may come without a title or a description
 * (docs/console.md#values-the-api-does-not-give).
 */
export const NO_TITLE = 'No title provided';
export const NO_DESCRIPTION = 'No description available';

export function planTitle(title: string | null | undefined): string {
  return title?.trim() ? title : NO_TITLE;
}

export function planDescription(description: string | null | undefined): string {
  return description?.trim() ? description : NO_DESCRIPTION;
}
