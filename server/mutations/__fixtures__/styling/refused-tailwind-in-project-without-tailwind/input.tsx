export function Title() {
  return <h1 className="title">Field 12</h1>;
}
