import { useState } from 'react';

export function Drawer() {
  const [open, setOpen] = useState(false);
  // Opens the drawer from the toolbar.
  const handleOpen = () => {
    setOpen(true);
  };

  return (
    <div className="toolbar">
      <button type="button" onClick={handleOpen}>
        Mở
      </button>
      {open && <aside className="drawer">Lô A</aside>}
    </div>
  );
}
