export function Field() {
  return (
    <p title="Lô A">Diện tích</p>
  );
}
