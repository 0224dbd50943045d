export function Status({ online }: { online: boolean }) {
  return <span>{online ? 'Trực tuyến' : 'Ngoại tuyến'}</span>;
}
