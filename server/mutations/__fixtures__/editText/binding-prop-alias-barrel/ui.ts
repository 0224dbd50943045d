export { ColumnHeader } from './column-header';
