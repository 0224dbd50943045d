export function Page({ items }: { items: string[] }) {
  return (
    <>
      <h1 className="font-bold">Vườn cao su</h1>
      {/* the list of fields */}
      <p>Mô tả</p>
      <ul>
        {items.map((item) => (
          <>
            <li key={item}>{item}</li>
            <hr />
          </>
        ))}
      </ul>
    </>
  );
}
