export function Row() {
  return (
    <div className="d-flex justify-content-between d-md-none">
      <span>Lô A</span>
    </div>
  );
}
