export const DASHBOARD_TAG = 'Bảng điều khiển';
export const group = { KEY: 'Khoá', OTHER: 'Khác' } as const;
