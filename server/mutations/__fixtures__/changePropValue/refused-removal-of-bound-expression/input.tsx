function StatTile({ label, value, tone = "plain" }: { label: string; value: number | string; tone?: "plain" | "alert" }) {
  return (
    <div data-tone={tone}>
      <p>{label}</p>
      <p>{value}</p>
    </div>
  );
}

export function Stats({ data, countries }: { data?: object; countries: string[] }) {
  return (
    <div className="flex gap-3">
      <StatTile label="Showing" value={data ? countries.length : "—"} />
      <StatTile label={"Total"} value={-12} tone="alert" />
    </div>
  );
}
