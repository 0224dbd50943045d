export const EXTRA = [{ label: 'Thêm' }];
