import { useEffect, useState } from 'react';
import { useNavigate, useQuery } from './hooks';

export function Rows({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  const { data, refetch } = useQuery('rows');
  const [filter, setFilter] = useState('');
  const [open, setOpen] = useState(false);
  const total = data.length;
  useEffect(() => setFilter(''), []);
  return (
    <main>
      <p title={data[0]}>{open ? 'Mở' : 'Đóng'}</p>
      <button type="button" onClick={() => setOpen(false)}>Đóng</button>
      <section title={filter}>
        <button type="button" onClick={() => { navigate('/rows'); refetch(); onClose(); }}>
          {data.length} / {total}
        </button>
      </section>
    </main>
  );
}
