import { ColumnHeader } from '@/ui';

export function Columns() {
  return (
    <section>
      <ColumnHeader title="Trạng thái" />
      <ColumnHeader title="Title" />
    </section>
  );
}
