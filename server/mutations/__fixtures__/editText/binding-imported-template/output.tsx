import { SIDEBAR_TITLE } from './nav-entries';

export function Sidebar() {
  return <p className="font-bold">{SIDEBAR_TITLE}</p>;
}
