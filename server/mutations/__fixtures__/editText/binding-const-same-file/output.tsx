const TITLE = 'Vườn cao su Bình Phước';

export function Header() {
  return (
    <header>
      <h1>{TITLE}</h1>
    </header>
  );
}
