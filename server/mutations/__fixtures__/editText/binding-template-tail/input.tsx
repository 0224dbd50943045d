export function Counter({ shown, total }: { shown: number; total: number }) {
  return <p>{`Đang hiện ${shown} trên ${total} cây`}</p>;
}
