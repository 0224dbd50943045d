export function Panel() {
  return <div>Six drones are flying.</div>;
}
