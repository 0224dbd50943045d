import { describe, expect, it } from 'vitest';
import { formatDateTimeVi, formatMeasure, textOrUnknown, UNKNOWN_TEXT } from './format';

describe('formatDateTimeVi', () => {
  it('shows a missing or broken date as unknown', () => {
    expect(UNKNOWN_TEXT).toBe('Chưa xác định');
    expect(formatDateTimeVi(null)).toBe(UNKNOWN_TEXT);
    expect(formatDateTimeVi(undefined)).toBe(UNKNOWN_TEXT);
    expect(formatDateTimeVi('  ')).toBe(UNKNOWN_TEXT);
    expect(formatDateTimeVi('not a date')).toBe(UNKNOWN_TEXT);
  });

  it('formats a date-time in the vi-VN locale', () => {
    const value = '2026-05-14T08:30:00Z';
    expect(formatDateTimeVi(value)).toBe(new Date(value).toLocaleString('vi-VN'));
    // vi-VN puts the day before the month.
    expect(formatDateTimeVi('2026-05-14T12:00:00')).toContain('14/5/2026');
  });
});

describe('formatMeasure and textOrUnknown', () => {
  it('adds the unit, or says unknown', () => {
    expect(formatMeasure(12.5, 'km/h')).toBe('12,5 km/h');
    expect(formatMeasure(3, 'cm', 2)).toBe('3,00 cm');
    expect(formatMeasure(0, '°C')).toBe('0 °C');
    expect(formatMeasure(null, 'mm')).toBe(UNKNOWN_TEXT);
    expect(textOrUnknown('')).toBe(UNKNOWN_TEXT);
    expect(textOrUnknown('Tốt')).toBe('Tốt');
  });
});
