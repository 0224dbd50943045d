import { useState } from 'react';

export function Notice() {
  const [open] = useState(true);
  return <div>{open ? 'Mở' : 'Đóng'}</div>;
}
