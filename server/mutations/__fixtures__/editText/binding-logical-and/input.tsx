export function Alert({ late }: { late: boolean }) {
  return <p>{late && 'Quá hạn tưới'}</p>;
}
