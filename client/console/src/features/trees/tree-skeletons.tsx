/** Six placeholder cards while a page loads (docs/console.md#rubber-tree-list). */
export function TreeSkeletons({ label }: { label: string }) {
  return (
    <div role="status" aria-label={label} className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3">
      {Array.from({ length: 6 }, (_, i) => (
        <div key={i} data-testid="tree-skeleton" className="h-48 animate-pulse rounded-2xl bg-slate-200" />
      ))}
    </div>
  );
}
