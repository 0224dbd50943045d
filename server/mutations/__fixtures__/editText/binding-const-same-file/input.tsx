const TITLE = 'Vườn cao su';

export function Header() {
  return (
    <header>
      <h1>{TITLE}</h1>
    </header>
  );
}
