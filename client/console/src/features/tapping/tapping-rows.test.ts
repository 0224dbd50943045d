import type { Tapping } from '@contracts/api';
import { describe, expect, it } from 'vitest';
import { tappingRows } from './tapping-rows';

const full: Tapping = {
  id: 3,
  robotId: 2,
  treeId: 14,
  direction: 'North',
  speed: 1.5,
  quantity: 0.35,
  tappingStatus: 'Hoàn thành',
  angle: 30,
  depth: 0.5,
  bladeStatus: 'Tốt',
  windDirection: 'Đông Bắc',
  windSpeed: 12,
  temperature: 27.5,
  rainfall: 0,
  time: '2026-05-14T01:30:00Z',
};

describe('tappingRows', () => {
  it('shows every field with its unit', () => {
    expect(Object.fromEntries(tappingRows(full))).toEqual({
      'Robot ID': '2',
      'Tree ID': '14',
      Hướng: 'North',
      'Tốc độ': '1,5 km/h',
      'Sản lượng': '0,35 lít',
      'Trạng thái': 'Hoàn thành',
      'Góc cắt': '30 độ',
      'Độ sâu': '0,5 cm',
      'Tình trạng lưỡi dao': 'Tốt',
      'Hướng gió': 'Đông Bắc',
      'Tốc độ gió': '12 km/h',
      'Nhiệt độ': '27,5 °C',
      'Lượng mưa': '0 mm',
      'Thời gian cạo': new Date(full.time!).toLocaleString('vi-VN'),
    });
  });

  it('shows a value the robot did not report as unknown, never as zero', () => {
    const sparse: Tapping = {
      ...full,
      speed: null,
      quantity: null,
      tappingStatus: null,
      angle: null,
      depth: null,
      bladeStatus: null,
      windDirection: null,
      windSpeed: null,
      temperature: null,
      rainfall: null,
      time: null,
    };
    const rows = Object.fromEntries(tappingRows(sparse));
    for (const label of ['Tốc độ', 'Sản lượng', 'Trạng thái', 'Góc cắt', 'Độ sâu', 'Tình trạng lưỡi dao', 'Hướng gió', 'Tốc độ gió', 'Nhiệt độ', 'Lượng mưa', 'Thời gian cạo']) {
      expect(rows[label], label).toBe('Chưa xác định');
    }
    expect(rows['Robot ID']).toBe('2');
  });
});
