import { useState } from 'react';

export function Drawer() {
  const [open] = useState(false);

  return (
    <div className="toolbar">
      {open && <aside className="drawer">Lô A</aside>}
    </div>
  );
}
