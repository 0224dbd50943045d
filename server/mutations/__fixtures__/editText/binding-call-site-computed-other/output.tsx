function Card({ title }: { title: string }) {
  return <h2>{title}</h2>;
}

declare function useItems(): { id: number; name: string }[];

export function Plans() {
  const items = useItems();
  return (
    <main>
      {items.map((item) => (
        <Card key={item.id} title={`Kế hoạch #${item.id}`} />
      ))}
      {items.map((item) => (
        <Card key={item.id} title={item.name} />
      ))}
    </main>
  );
}
