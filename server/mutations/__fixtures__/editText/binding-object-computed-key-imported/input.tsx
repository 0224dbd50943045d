import { SENSOR_TYPE_NAMES } from './labels';

export function SensorType({ type }: { type: string }) {
  return <td>{SENSOR_TYPE_NAMES[type]}</td>;
}
