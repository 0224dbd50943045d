import { EXTRA } from './extra';

const ITEMS = [...EXTRA, { label: 'Còn lại' }];

export function Items() {
  return (
    <ul>
      {ITEMS.map((item) => (
        <li key={item.label}>{item.label}</li>
      ))}
    </ul>
  );
}
