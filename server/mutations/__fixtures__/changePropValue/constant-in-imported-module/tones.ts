export const DEFAULT_TONE = "green" as const;
export const ROWS_PER_PAGE = 6;
