import './app.css';

export function Title() {
  return <h1 className="mb-2">Vườn cao su</h1>;
}
