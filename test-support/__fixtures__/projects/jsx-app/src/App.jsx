const TREES = ['RRIM 600', 'PB 235', 'GT 1'];

export function App() {
  return (
    <div className="list">
      <h1>Clones</h1>
      <ul>
        {TREES.map((name) => (
          <li key={name}>{name}</li>
        ))}
      </ul>
      <p>Plain JSX, no TypeScript.</p>
    </div>
  );
}
