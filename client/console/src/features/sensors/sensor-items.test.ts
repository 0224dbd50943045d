import type { SensorControlSystem } from '@contracts/api';
import { describe, expect, it } from 'vitest';
import { sensorActionMessage, sensorsOf } from './sensor-items';

const system: SensorControlSystem = {
  scsId: 4,
  lidarId: 10,
  lidarModel: 'Livox Avia',
  cameraId: 11,
  cameraModel: 'DJI Zenmuse P1',
  radarId: 12,
  radarModel: 'TI AWR1843',
  lidarStatus: 'active',
  radarStatus: 'error',
  lastUpdate: '2026-05-31T10:00:00.000Z',
};

describe('sensorsOf', () => {
  it('gives the lidar, camera and radar of the system with their ids, models and real statuses', () => {
    expect(sensorsOf(system, 4)).toEqual([
      { id: 10, droneId: 4, sensorType: 'lidar', name: 'LiDAR Livox Avia', model: 'Livox Avia', status: 'active', lastUpdate: system.lastUpdate },
      // No camera status from the API: unknown, not a made-up 'active'.
      { id: 11, droneId: 4, sensorType: 'camera', name: 'Camera DJI Zenmuse P1', model: 'DJI Zenmuse P1', status: null, lastUpdate: system.lastUpdate },
      { id: 12, droneId: 4, sensorType: 'radar', name: 'Radar TI AWR1843', model: 'TI AWR1843', status: 'error', lastUpdate: system.lastUpdate },
    ]);
  });

  it('leaves the last update unknown when the API does not give it', () => {
    const { lastUpdate: _, ...withoutDate } = system;
    expect(sensorsOf(withoutDate, 4).map((s) => s.lastUpdate)).toEqual([null, null, null]);
  });
});

describe('sensorActionMessage', () => {
  it('names the action, the sensor and its id', () => {
    expect(sensorActionMessage('configure', { name: 'LiDAR Livox Avia', id: 10 })).toBe('Cấu hình cảm biến: LiDAR Livox Avia (ID: 10)');
    expect(sensorActionMessage('test', { name: 'Radar X', id: 12 })).toBe('Kiểm tra cảm biến: Radar X (ID: 12)');
    expect(sensorActionMessage('maintenance', { name: 'Camera Y', id: 11 })).toBe('Bảo trì cảm biến: Camera Y (ID: 11)');
  });
});
