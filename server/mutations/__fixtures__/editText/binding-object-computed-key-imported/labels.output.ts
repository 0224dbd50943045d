export const SENSOR_TYPE_NAMES: Record<string, string> = {
  camera: 'Máy ảnh',
  lidar: 'LiDAR',
};
