import { EMPTY_LIST } from './texts';

export function Empty() {
  return <p>{EMPTY_LIST}</p>;
}
