import { useState } from 'react';
import { Badge } from 'components/Badge';

export function RowsPage() {
  const [open, setOpen] = useState(false);
  const handleReset = () => {
    setOpen(false);
  };

  return (
    <main className="page">
      <h1>Tapping rows</h1>
      <p>Twelve rows tapped this morning.</p>
      <Badge label="Today" />
      <button type="button" onClick={() => setOpen(true)}>
        Open notes
      </button>
      <button type="button" onClick={handleReset}>
        Close notes
      </button>
      {open && <p>Notes are open.</p>}
    </main>
  );
}
