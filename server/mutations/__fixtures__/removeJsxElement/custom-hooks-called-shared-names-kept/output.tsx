import { useEffect, useState } from 'react';
import { useNavigate, useQuery } from './hooks';

export function Rows({ onClose }: { onClose: () => void }) {
  useNavigate();
  const { data } = useQuery('rows');
  const [, setFilter] = useState('');
  const [open, setOpen] = useState(false);
  useEffect(() => setFilter(''), []);
  return (
    <main>
      <p title={data[0]}>{open ? 'Mở' : 'Đóng'}</p>
      <button type="button" onClick={() => setOpen(false)}>Đóng</button>
    </main>
  );
}
