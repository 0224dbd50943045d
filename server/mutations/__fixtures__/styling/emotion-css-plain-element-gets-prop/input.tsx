/** @jsxImportSource @emotion/react */

export function Notice() {
  return (
    <section css={{ padding: 16 }}>
      <p>Rain expected</p>
    </section>
  );
}
