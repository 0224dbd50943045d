const LABELS = { title: 'Thiết bị đo', empty: 'Không có cảm biến' };

export function Sensors() {
  return <h1>{LABELS.title}</h1>;
}
