/** @jsxImportSource @emotion/react */

export function Notice() {
  return (
    <section css={{ padding: 16 }}>
      <p css={{ fontWeight: 700, marginBottom: '12px' }}>Rain expected</p>
    </section>
  );
}
