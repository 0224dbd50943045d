/** What the console shows for a value the API did not give (docs/console.md#formatting-rules). */
export const UNKNOWN_TEXT = 'Chưa xác định';

/** A date-time in the Vietnamese locale, or `UNKNOWN_TEXT` when missing or not a date. */
export function formatDateTimeVi(value: string | null | undefined): string {
  if (value === null || value === undefined || value.trim() === '') return UNKNOWN_TEXT;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return UNKNOWN_TEXT;
  return date.toLocaleString('vi-VN');
}

/** A number with its unit, or `UNKNOWN_TEXT` when the API gave none. */
export function formatMeasure(value: number | null | undefined, unit: string, digits?: number): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return UNKNOWN_TEXT;
  const text =
    digits === undefined
      ? value.toLocaleString('vi-VN')
      : value.toLocaleString('vi-VN', { minimumFractionDigits: digits, maximumFractionDigits: digits });
  return unit ? `${text} ${unit}` : text;
}

/** A text value, or `UNKNOWN_TEXT` when the API gave none or an empty one. */
export function textOrUnknown(value: string | null | undefined): string {
  return value === null || value === undefined || value.trim() === '' ? UNKNOWN_TEXT : value;
}
