/** Texts of a failed sensor load (docs/console.md#faults-and-retries). */
export const SENSOR_LOAD_FAILURE = 'Không thể tải dữ liệu hệ thống cảm biến';
export const SENSOR_PAGE_ERROR_TITLE = 'Lỗi tải dữ liệu';
