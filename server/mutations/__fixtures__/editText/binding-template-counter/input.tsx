export function Counter({ counts }: { counts: { shown: number; total: number } }) {
  return <p className="text-sm">{`Tổng số cánh đồng: ${counts.shown}/${counts.total}`}</p>;
}
