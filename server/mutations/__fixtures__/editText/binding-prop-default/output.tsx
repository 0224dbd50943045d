function Badge({ label = 'Vừa thêm' }: { label?: string }) {
  return <span>{label}</span>;
}

export function Row() {
  return (
    <div>
      <Badge />
    </div>
  );
}
