function Labelled({ label = 'Nước' }: { label?: string }) {
  return <label>{label}</label>;
}

export function Filters() {
  return (
    <form>
      <Labelled />
      <Labelled label="Quốc gia" />
      <Labelled label="Khu vực" />
    </form>
  );
}
