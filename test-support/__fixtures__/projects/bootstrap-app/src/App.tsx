import './app.css';

export function App() {
  return (
    <main className="container py-4">
      <h1 className="mb-2 text-secondary">Vườn cao su</h1>
      <div className="card lot-card">
        <div className="card-body d-flex justify-content-between">
          <span className="fw-normal">Lô A</span>
          <span className="badge bg-success">Đang cạo</span>
        </div>
      </div>
      <p className="lead">Sản lượng hôm nay</p>
    </main>
  );
}
