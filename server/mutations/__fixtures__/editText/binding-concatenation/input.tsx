export function Total({ count }: { count: number }) {
  return <p>{'Tổng: ' + count + ' lô'}</p>;
}
