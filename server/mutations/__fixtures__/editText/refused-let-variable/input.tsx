let greeting = 'Xin chào';

export function Hello() {
  return <p>{greeting}</p>;
}
