function Labelled({ label = 'Quốc gia' }: { label?: string }) {
  return <label>{label}</label>;
}

export function Filters() {
  return (
    <form>
      <Labelled />
      <Labelled label="Nước" />
      <Labelled label="Khu vực" />
    </form>
  );
}
