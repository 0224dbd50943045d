export const DEFAULT_TONE = "lá \"non\"" as const;
export const ROWS_PER_PAGE = 6;
