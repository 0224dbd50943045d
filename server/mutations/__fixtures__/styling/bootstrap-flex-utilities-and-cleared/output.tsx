export function Row() {
  return (
    <div className="card-body d-flex justify-content-center align-items-center">
      <span>Lô A</span>
    </div>
  );
}
