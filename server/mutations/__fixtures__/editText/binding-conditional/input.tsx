export function Toggle({ open }: { open: boolean }) {
  return <button type="button">{open ? 'Đóng' : 'Mở'} bảng</button>;
}
