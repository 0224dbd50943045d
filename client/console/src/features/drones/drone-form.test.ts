import { describe, expect, it } from 'vitest';
import { DRONE_CREATE_DEFAULTS } from '@contracts/api';
import { checkDroneForm, createFormValues, editFormValues, serverFieldErrors } from './drone-form';
import { toDroneView } from './drone-view-model';

describe('createFormValues', () => {
  it('starts from the create defaults of the drone rules', () => {
    expect(createFormValues()).toEqual({
      name: '',
      direction: '',
      speed: '0',
      height: '0',
      currentLocation: '',
      status: 'inactive',
      batteryLevel: '100',
      robotId: '1',
      sensorControlSystemId: '1',
    });
  });
});

describe('checkDroneForm', () => {
  it('refuses a speed or height off the 0.1 step, with the rule in words', () => {
    const check = checkDroneForm({ ...createFormValues(), name: 'A', speed: '0.15', height: '1.25' });
    expect(check).toEqual({
      ok: false,
      errors: { speed: 'Tốc độ chỉ có một chữ số thập phân (bước 0,1)', height: 'Độ cao chỉ có một chữ số thập phân (bước 0,1)' },
    });
  });

  it('needs the battery level on create, not on edit', () => {
    const values = { ...createFormValues(), name: 'A', batteryLevel: '' };
    expect(checkDroneForm(values, 'create')).toEqual({ ok: false, errors: { batteryLevel: 'Mức pin là bắt buộc' } });
    const edit = checkDroneForm(values, 'edit');
    expect(edit.ok).toBe(true);
    expect(edit.ok && 'batteryLevel' in edit.input).toBe(false);
    expect(checkDroneForm({ ...values, batteryLevel: '150' }, 'edit')).toEqual({ ok: false, errors: { batteryLevel: 'Mức pin phải từ 0 đến 100' } });
  });

  it('accepts a valid form and gives numbers', () => {
    const check = checkDroneForm({ ...createFormValues(), name: '  Sơn Ca 99 ', speed: '12.5', direction: 'Northeast' });
    expect(check).toEqual({
      ok: true,
      input: { ...DRONE_CREATE_DEFAULTS, name: 'Sơn Ca 99', direction: 'Northeast', speed: 12.5 },
    });
  });

  it('names every broken rule at once', () => {
    const check = checkDroneForm({
      name: ' ',
      direction: 'Up',
      speed: '-1',
      height: 'abc',
      currentLocation: 'anywhere',
      status: 'lost',
      batteryLevel: '101',
      robotId: '0',
      sensorControlSystemId: '1.5',
    });
    expect(check.ok).toBe(false);
    if (check.ok) return;
    expect(check.errors).toEqual({
      name: 'Tên drone là bắt buộc',
      direction: expect.stringContaining('Hướng phải là một trong'),
      speed: 'Tốc độ không được âm',
      height: 'Độ cao phải là số',
      status: expect.stringContaining('Trạng thái phải là một trong'),
      batteryLevel: 'Mức pin phải từ 0 đến 100',
      robotId: 'Robot ID phải từ 1 trở lên',
      sensorControlSystemId: 'Sensor control system ID phải là số nguyên',
    });
  });

  it('requires every number', () => {
    const check = checkDroneForm({ ...createFormValues(), name: 'x', speed: '', batteryLevel: ' ', robotId: '' });
    expect(check.ok).toBe(false);
    if (check.ok) return;
    expect(check.errors).toEqual({
      speed: 'Tốc độ là bắt buộc',
      batteryLevel: 'Mức pin là bắt buộc',
      robotId: 'Robot ID là bắt buộc',
    });
  });
});

describe('editFormValues', () => {
  it('fills what is known and leaves unknown values empty', () => {
    const view = toDroneView({ droneId: 3, robotId: 5, sensorControlSystemId: 3, name: 'Én Bạc 03', status: 'flying' }, undefined);
    expect(editFormValues(view)).toEqual({
      name: 'Én Bạc 03',
      direction: '',
      speed: '',
      height: '',
      currentLocation: '',
      status: 'flying',
      batteryLevel: '',
      robotId: '5',
      sensorControlSystemId: '3',
    });
  });
});

describe('serverFieldErrors', () => {
  it("maps a 400's errors onto the fields, keeping the others apart", () => {
    expect(
      serverFieldErrors({
        message: 'Invalid drone',
        errors: [
          { field: 'robotId', message: 'Robot 999 không tồn tại' },
          { field: 'robotId', message: 'second' },
          { field: 'body', message: 'Body must be an object' },
        ],
      }),
    ).toEqual({ fields: { robotId: 'Robot 999 không tồn tại' }, other: ['Body must be an object'] });
  });

  it('is null for any other body', () => {
    expect(serverFieldErrors('Internal error')).toBeNull();
    expect(serverFieldErrors({ code: 'X', message: 'y' })).toBeNull();
  });
});
