import { describe, expect, it } from 'vitest';
import {
  credentialsSchema,
  DRONE_CREATE_DEFAULTS,
  DRONE_HEIGHT_MAX,
  DRONE_NAME_MAX_LENGTH,
  DRONE_SPEED_MAX,
  droneInputSchema,
  droneUpdateSchema,
  isTenths,
  isWellFormedText,
} from './api.js';

const messages = (result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

describe('the drone rules (docs/console.md#drone-rules)', () => {
  it('keep speed and height to the 0.1 step, within floating-point noise', () => {
    expect(isTenths(0.1 + 0.2)).toBe(true);
    expect(isTenths(12.5)).toBe(true);
    expect(isTenths(0.15)).toBe(false);
    const result = droneInputSchema.safeParse({ ...DRONE_CREATE_DEFAULTS, name: 'A', speed: 0.15, height: '2.25' });
    expect(messages(result)).toEqual({
      speed: 'Tốc độ chỉ có một chữ số thập phân (bước 0,1)',
      height: 'Độ cao chỉ có một chữ số thập phân (bước 0,1)',
    });
    expect(droneInputSchema.safeParse({ ...DRONE_CREATE_DEFAULTS, name: 'A', speed: 0.3, height: '2.2' }).success).toBe(true);
  });

  it('bound speed and height from above', () => {
    const result = droneInputSchema.safeParse({ ...DRONE_CREATE_DEFAULTS, name: 'A', speed: DRONE_SPEED_MAX + 0.1, height: 1e9 });
    expect(messages(result)).toEqual({ speed: `Tốc độ tối đa ${DRONE_SPEED_MAX} km/h`, height: `Độ cao tối đa ${DRONE_HEIGHT_MAX} m` });
    expect(droneInputSchema.safeParse({ ...DRONE_CREATE_DEFAULTS, name: 'A', speed: DRONE_SPEED_MAX, height: DRONE_HEIGHT_MAX }).success).toBe(true);
  });

  it('bound the name, and refuse a lone surrogate in any text', () => {
    const long = droneInputSchema.safeParse({ ...DRONE_CREATE_DEFAULTS, name: 'x'.repeat(DRONE_NAME_MAX_LENGTH + 1) });
    expect(messages(long)).toEqual({ name: `Tên drone tối đa ${DRONE_NAME_MAX_LENGTH} ký tự` });
    expect(droneInputSchema.safeParse({ ...DRONE_CREATE_DEFAULTS, name: 'x'.repeat(DRONE_NAME_MAX_LENGTH) }).success).toBe(true);
    const broken = droneInputSchema.safeParse({ ...DRONE_CREATE_DEFAULTS, name: 'Drone \uD83D', currentLocation: '\uDE00 nửa' });
    expect(messages(broken)).toEqual({ name: 'Tên drone chứa ký tự không hợp lệ', currentLocation: 'Vị trí chứa ký tự không hợp lệ' });
    expect(isWellFormedText('Drone 😀 bay')).toBe(true);
  });

  it('require the battery level on create only', () => {
    const { batteryLevel: _, ...withoutBattery } = { ...DRONE_CREATE_DEFAULTS, name: 'A' };
    expect(messages(droneInputSchema.safeParse(withoutBattery))).toEqual({ batteryLevel: expect.stringContaining('Mức pin') });
    const update = droneUpdateSchema.safeParse({ ...withoutBattery, batteryLevel: null });
    expect(update.success).toBe(true);
    expect(update.data).not.toHaveProperty('batteryLevel', expect.anything());
    expect(messages(droneUpdateSchema.safeParse({ ...withoutBattery, batteryLevel: 101 }))).toEqual({ batteryLevel: 'Mức pin phải từ 0 đến 100' });
  });
});

describe('the credentials', () => {
  it('refuse a password of nothing but spaces, and lone surrogates', () => {
    expect(messages(credentialsSchema.safeParse({ username: 'an', password: '   ' }))).toEqual({ password: 'Mật khẩu không được chỉ gồm khoảng trắng' });
    expect(messages(credentialsSchema.safeParse({ username: 'an', password: '' }))).toEqual({ password: 'Mật khẩu là bắt buộc' });
    expect(messages(credentialsSchema.safeParse({ username: 'an\uD800', password: 'a b' }))).toEqual({ username: 'Tên đăng nhập chứa ký tự không hợp lệ' });
    expect(credentialsSchema.safeParse({ username: 'an', password: ' a b ' }).success).toBe(true);
  });
});
