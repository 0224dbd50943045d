export const SEASON = "Dry season";
