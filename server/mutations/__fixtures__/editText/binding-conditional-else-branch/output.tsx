export function Status({ online }: { online: boolean }) {
  return <span>{online ? 'Trực tuyến' : 'Mất kết nối'}</span>;
}
