export function Total({ count }: { count: number }) {
  return <p>{'Tổng cộng: ' + count + ' lô'}</p>;
}
