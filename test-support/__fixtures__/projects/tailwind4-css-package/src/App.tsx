export function App() {
  return (
    <main className="mx-auto flex max-w-xl flex-col gap-4 p-8 font-sans">
      <h1 className="sway-origin animate-sway text-3xl font-bold text-leaf">Rows in the wind</h1>
      <p className="text-base text-slate-600">Tailwind 4 with an animation package that ships only a stylesheet.</p>
    </main>
  );
}
