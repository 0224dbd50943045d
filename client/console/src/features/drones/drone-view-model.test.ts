import type { DroneDetails, DroneSummary } from '@contracts/api';
import { describe, expect, it } from 'vitest';
import { isDroneActive, normalizeDroneStatus, toDroneView } from './drone-view-model';

const summary: DroneSummary = { droneId: 7, robotId: 3, sensorControlSystemId: 7 };
const details: DroneDetails = {
  droneInfoId: 70,
  direction: 'North',
  speed: 12.5,
  height: 40,
  currentLocation: 'Lộc Ninh',
  image: '/media/drone-1.svg',
};

describe('toDroneView', () => {
  it('uses the extension fields when the API gives them', () => {
    const view = toDroneView(
      { ...summary, name: 'Sơn Ca 07', status: 'flying', batteryLevel: 64, lastUpdate: '2026-05-31T08:00:00.000Z' },
      details,
    );
    expect(view).toMatchObject({
      id: 7,
      name: 'Sơn Ca 07',
      status: 'flying',
      batteryLevel: 64,
      lastUpdate: '2026-05-31T08:00:00.000Z',
      droneInfoId: 70,
      direction: 'North',
      speed: 12.5,
      height: 40,
      currentLocation: 'Lộc Ninh',
      image: '/media/drone-1.svg',
      hasDetails: true,
    });
  });

  it("falls back to 'Drone #id' and to active because the details loaded, and never invents a battery level", () => {
    const view = toDroneView(summary, details);
    expect(view.name).toBe('Drone #7');
    expect(view.status).toBe('active');
    expect(view.batteryLevel).toBeNull();
    expect(view.lastUpdate).toBeNull();
  });

  it('is inactive without details, with every detail unknown', () => {
    const view = toDroneView(summary, undefined);
    expect(view).toMatchObject({
      status: 'inactive',
      direction: null,
      speed: null,
      height: null,
      currentLocation: null,
      image: null,
      droneInfoId: null,
      hasDetails: false,
    });
  });

  it('takes extension fields from the details when the list item lacks them', () => {
    const view = toDroneView(summary, { ...details, name: 'Hải Âu 07', status: 'maintenance', batteryLevel: 0 });
    expect(view).toMatchObject({ name: 'Hải Âu 07', status: 'maintenance', batteryLevel: 0 });
  });

  it('keeps a real status even when the details call failed', () => {
    expect(toDroneView({ ...summary, status: 'maintenance' }, undefined).status).toBe('maintenance');
  });
});

describe('normalizeDroneStatus', () => {
  it('shows unknown values as inactive', () => {
    expect(normalizeDroneStatus('flying')).toBe('flying');
    expect(normalizeDroneStatus('exploded')).toBe('inactive');
    expect(normalizeDroneStatus(undefined)).toBe('inactive');
  });
});

describe('isDroneActive', () => {
  it('counts hovering and flying drones as active', () => {
    expect(['inactive', 'active', 'flying', 'maintenance'].map((s) => isDroneActive(normalizeDroneStatus(s)))).toEqual([
      false,
      true,
      true,
      false,
    ]);
  });
});
