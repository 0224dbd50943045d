/** @jsxImportSource @emotion/react */

export function Heading() {
  return <h2 css={{ color: 'teal', marginBottom: 8 }}>Harvest</h2>;
}
