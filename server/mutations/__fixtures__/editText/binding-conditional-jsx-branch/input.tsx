function Card({ title, onOpen }: { title: string; onOpen?: () => void }) {
  return (
    <h2>
      {onOpen ? (
        <button type="button" onClick={onOpen}>
          {title}
        </button>
      ) : (
        title
      )}
    </h2>
  );
}

export function Tasks({ ids }: { ids: number[] }) {
  return (
    <main>
      {ids.map((id) => (
        <Card key={id} title={`Task #${id}`} />
      ))}
    </main>
  );
}
