import { ColumnHeader } from '@/ui';

export function Columns() {
  return (
    <section>
      <ColumnHeader title="Status" />
      <ColumnHeader title="Title" />
    </section>
  );
}
