/** The rows of the 'Chi tiết Tapping #id' dialog (docs/console.md#tapping-statistics); missing: 'Chưa xác định'. */
import type { Tapping } from '@contracts/api';
import { formatDateTimeVi, formatMeasure, textOrUnknown } from '../../lib/format';

export function tappingRows(tapping: Tapping): Array<[label: string, value: string]> {
  return [
    ['Robot ID', String(tapping.robotId)],
    ['Tree ID', String(tapping.treeId)],
    ['Hướng', textOrUnknown(tapping.direction)],
    ['Tốc độ', formatMeasure(tapping.speed, 'km/h')],
    ['Sản lượng', formatMeasure(tapping.quantity, 'lít')],
    ['Trạng thái', textOrUnknown(tapping.tappingStatus)],
    ['Góc cắt', formatMeasure(tapping.angle, 'độ')],
    ['Độ sâu', formatMeasure(tapping.depth, 'cm')],
    ['Tình trạng lưỡi dao', textOrUnknown(tapping.bladeStatus)],
    ['Hướng gió', textOrUnknown(tapping.windDirection)],
    ['Tốc độ gió', formatMeasure(tapping.windSpeed, 'km/h')],
    ['Nhiệt độ', formatMeasure(tapping.temperature, '°C')],
    ['Lượng mưa', formatMeasure(tapping.rainfall, 'mm')],
    ['Thời gian cạo', formatDateTimeVi(tapping.time)],
  ];
}
