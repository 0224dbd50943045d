function nameOf(id: number): string | undefined {
  return id > 0 ? `Lô ${id}` : undefined;
}

export function Plot({ id }: { id: number }) {
  return <h3>{nameOf(id) ?? 'Chưa đặt tên'}</h3>;
}
