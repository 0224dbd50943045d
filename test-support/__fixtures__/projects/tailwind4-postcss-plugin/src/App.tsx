import Leaf from './leaf.svg?component';

export function App() {
  return (
    <main className="mx-auto flex max-w-xl flex-col gap-4 p-8 font-sans">
      <header className="flex items-center gap-3">
        <Leaf className="h-10 w-10 text-leaf" aria-hidden="true" />
        <h1 className="text-3xl font-bold text-slate-900">Green rows</h1>
      </header>
      <p className="text-base text-slate-600">Tailwind 4 through PostCSS, and an icon drawn by a Vite plugin of this project.</p>
      <button type="button" className="self-start rounded-lg bg-leaf px-4 py-2 font-semibold text-white">
        Plant a row
      </button>
    </main>
  );
}
