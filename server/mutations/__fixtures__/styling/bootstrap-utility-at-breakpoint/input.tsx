export function Row() {
  return (
    <div className="d-flex justify-content-between">
      <span>Lô A</span>
    </div>
  );
}
