function Labelled({ label }: { label: string }) {
  return <label>{label}</label>;
}

export function Filters() {
  return (
    <form>
      <Labelled label="Quốc gia" />
      <Labelled label="Quốc gia" />
    </form>
  );
}
