export function Field() {
  return (
    <p title="Lô A" style={{ fontWeight: '600' }}>Diện tích</p>
  );
}
