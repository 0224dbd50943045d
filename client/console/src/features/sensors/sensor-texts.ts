/** Texts of a failed sensor load (spec/console.md §8). */
export const SENSOR_LOAD_FAILURE = 'Không thể tải dữ liệu hệ thống cảm biến';
export const SENSOR_PAGE_ERROR_TITLE = 'Lỗi tải dữ liệu';
