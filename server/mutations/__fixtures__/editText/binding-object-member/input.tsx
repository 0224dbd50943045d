const LABELS = { title: 'Cảm biến', empty: 'Không có cảm biến' };

export function Sensors() {
  return <h1>{LABELS.title}</h1>;
}
