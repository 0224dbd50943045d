export const DASHBOARD_TAG = 'Tổng quan';
export const group = { KEY: 'Khoá', OTHER: 'Khác' } as const;
