import { Badge } from './components/Badge';
import { Divider } from './components/Divider';
import { Notice } from './components/Notice';
import { StatCard } from './components/StatCard';
import { Trees } from './pages/Trees';

export function App() {
  return (
    <>
      <h1 className="title">Vườn cao su</h1>
      <Badge label="Mới" />
      {/* the summary of the plantation */}
      <section className="stats">
        <StatCard title="Cây" tone="green" value={120} compact={false} />
        <p>Tổng quan</p>
      </section>
      <Divider />
      <Notice text="Đang cập nhật" />
      <Trees />
      <footer>Plantation</footer>
    </>
  );
}
