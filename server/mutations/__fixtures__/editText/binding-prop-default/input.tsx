function Badge({ label = 'Mới' }: { label?: string }) {
  return <span>{label}</span>;
}

export function Row() {
  return (
    <div>
      <Badge />
    </div>
  );
}
