export function Counter({ shown }: { shown: number }) {
  return <p>{`Có ${shown} cây`}</p>;
}
