import './input.css';

export function Plot() {
  return (
    <div className="plot studio-0a1b2c3d">
      <h2>Lô 7</h2>
    </div>
  );
}
