/** @jsxImportSource @emotion/react */

export function Heading() {
  return <h2 css={{ color: '#2e5e4e', marginBottom: 8, letterSpacing: '1px' }}>Harvest</h2>;
}
