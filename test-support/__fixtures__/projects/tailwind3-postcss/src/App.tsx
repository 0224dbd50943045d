import { useState } from 'react';
import { Badge } from '@/components/Badge';

export function App() {
  const [count, setCount] = useState(0);
  return (
    <main className="min-h-screen bg-slate-100 p-8 font-sans text-slate-900">
      <header className="mb-6 flex items-center gap-3">
        <h1 className="text-2xl font-bold text-brand-dark">Latex yield</h1>
        <Badge label="Tailwind 3" />
      </header>
      <section className="card max-w-md">
        <p className="mb-4 text-sm text-slate-600">Trees tapped this morning in the north field.</p>
        <button type="button" className="rounded bg-brand px-4 py-2 text-white hover:bg-brand-dark md:px-18" onClick={() => setCount(count + 1)}>
          Tapped {count}
        </button>
      </section>
    </main>
  );
}
