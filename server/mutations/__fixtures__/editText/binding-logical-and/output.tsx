export function Alert({ late }: { late: boolean }) {
  return <p>{late && 'Trễ lịch tưới'}</p>;
}
