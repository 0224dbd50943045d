const TITLE = 'plantation';

export function Header() {
  return <h1>{TITLE.toUpperCase()}</h1>;
}
