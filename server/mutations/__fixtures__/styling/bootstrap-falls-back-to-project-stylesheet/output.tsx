export function Title() {
  return <h1 className="title text-secondary">Vườn cao su</h1>;
}
