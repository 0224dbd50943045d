export const EMPTY_LIST = 'Chưa có cánh đồng nào';
