/** The end of a sentence naming where else a declaration the edit writes shows (a prop's constant, a styled component). */
export function alsoUsedBy(others: readonly string[]): string {
  return others.length === 0 ? '; used nowhere else.' : `; also used by ${others.length === 1 ? '1 other place' : `${others.length} other places`}: ${others.join(', ')}.`;
}
