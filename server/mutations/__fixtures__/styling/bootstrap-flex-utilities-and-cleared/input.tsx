export function Row() {
  return (
    <div className="card-body d-flex justify-content-between fw-normal">
      <span>Lô A</span>
    </div>
  );
}
