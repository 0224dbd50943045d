import { NAV_ENTRIES } from './nav';

export function Nav() {
  return (
    <ul>
      {NAV_ENTRIES.map((entry) => (
        <li key={entry.path}>
          <a href={entry.path}>{entry.label}</a>
        </li>
      ))}
    </ul>
  );
}
