export { EMPTY_LIST } from './words';
