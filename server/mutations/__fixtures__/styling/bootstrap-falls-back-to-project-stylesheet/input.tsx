export function Title() {
  return <h1 className="mb-2 text-secondary">Vườn cao su</h1>;
}
