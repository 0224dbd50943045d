export function Badge({ label }) {
  return <span className="badge">{label}</span>;
}
