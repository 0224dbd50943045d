function FactList({ rows }: { rows: ReadonlyArray<readonly [string, string]> }) {
  return (
    <dl>
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function Details({ speed, height }: { speed: string; height: string }) {
  const rows = (pairs: [string, string][]) => <FactList rows={pairs} />;
  return (
    <section>
      {rows([
        ['Tốc độ', speed],
        ['Độ cao', height],
      ])}
    </section>
  );
}
