/**
 * The three sensors of a drone's sensor control system (docs/console.md#sensor-detail), read from the
 * system's answer. Status and last update are the API's extension fields: absent means unknown, not 'active'.
 */
import type { SensorControlSystem } from '@contracts/api';

export type SensorType = 'lidar' | 'camera' | 'radar';
export type SensorStatus = NonNullable<SensorControlSystem['lidarStatus']>;

/** Three sensors per drone (docs/console.md#sensor-systems-overview). */
export const SENSORS_PER_DRONE = 3;

export interface SensorItem {
  id: number;
  droneId: number;
  sensorType: SensorType;
  name: string;
  model: string;
  status: SensorStatus | null;
  lastUpdate: string | null;
}

export const SENSOR_TYPE_NAMES: Record<SensorType, string> = {
  lidar: 'LiDAR',
  camera: 'Camera',
  radar: 'Radar',
};

export const SENSOR_STATUS_LABELS: Record<SensorStatus, string> = {
  active: 'Hoạt động',
  inactive: 'Không hoạt động',
  maintenance: 'Bảo trì',
  error: 'Lỗi',
};

export function sensorsOf(system: SensorControlSystem, droneId: number): SensorItem[] {
  const item = (sensorType: SensorType, id: number, model: string, status: SensorStatus | undefined): SensorItem => ({
    id,
    droneId,
    sensorType,
    name: `${SENSOR_TYPE_NAMES[sensorType]} ${model}`.trim(),
    model,
    status: status ?? null,
    lastUpdate: system.lastUpdate ?? null,
  });
  return [
    item('lidar', system.lidarId, system.lidarModel, system.lidarStatus),
    item('camera', system.cameraId, system.cameraModel, system.cameraStatus),
    item('radar', system.radarId, system.radarModel, system.radarStatus),
  ];
}

export type SensorAction = 'configure' | 'test' | 'maintenance';

const ACTION_TEXTS: Record<SensorAction, string> = {
  configure: 'Cấu hình cảm biến',
  test: 'Kiểm tra cảm biến',
  maintenance: 'Bảo trì cảm biến',
};

/** The notice a sensor button raises: the action, the sensor's name and its id (docs/console.md#sensor-detail). */
export function sensorActionMessage(action: SensorAction, sensor: Pick<SensorItem, 'name' | 'id'>): string {
  return `${ACTION_TEXTS[action]}: ${sensor.name} (ID: ${sensor.id})`;
}
