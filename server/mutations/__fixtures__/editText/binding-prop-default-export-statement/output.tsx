import SideNav from '@/nav';
import { navItems } from '@/data';

export function Sidebar() {
  return (
    <aside>
      <SideNav items={navItems} />
    </aside>
  );
}
