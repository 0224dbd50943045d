export const EMPTY_LIST = 'Chưa có lô nào';
