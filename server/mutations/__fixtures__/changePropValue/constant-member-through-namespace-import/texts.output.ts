export const DASHBOARD_TAG = 'Bảng điều khiển';
export const group = { KEY: 'Chìa khoá', OTHER: 'Khác' } as const;
