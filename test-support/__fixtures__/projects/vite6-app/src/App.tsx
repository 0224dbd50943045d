const ROUNDS = [
  { block: 'Block A', trees: 420 },
  { block: 'Block B', trees: 385 },
];

export function App() {
  return (
    <main className="page">
      <h1 className="title">Tapping rounds</h1>
      <p className="lead">Each block is tapped every third morning.</p>
      <ul className="rounds">
        {ROUNDS.map((round) => (
          <li key={round.block}>
            {round.block}: {round.trees} trees
          </li>
        ))}
      </ul>
    </main>
  );
}
