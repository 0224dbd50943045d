export const SENSOR_TYPE_NAMES: Record<string, string> = {
  camera: 'Camera',
  lidar: 'LiDAR',
};
