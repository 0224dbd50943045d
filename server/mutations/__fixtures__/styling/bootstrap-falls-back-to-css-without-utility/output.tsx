import './app.css';

export function Title() {
  return <h1 className="title">Vườn cao su</h1>;
}
