export function Title() {
  return <h1 className="mb-3 text-primary fw-bold">Vườn cao su</h1>;
}
