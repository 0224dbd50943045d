export function Panel({ title = 'Panel' }) {
  return <aside className="panel">{title}</aside>;
}
