function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

export function Card({ capital }: { capital: string }) {
  return (
    <dl>
      <Fact label="ID" value="1" />
      <Fact label="Capital city" value={capital} />
    </dl>
  );
}
