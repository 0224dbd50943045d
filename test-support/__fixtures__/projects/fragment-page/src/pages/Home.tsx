import TreeMetrics from '../components/TreeMetrics';
import MonthlyLatexChart from '../components/MonthlyLatexChart';
import { Notice } from '../components/Notice';

export function Home() {
  return (
    <>
      <Notice text="Tháng 11" />
      <div className="grid">
        <div className="column">
          <TreeMetrics />
          <MonthlyLatexChart />
        </div>
      </div>
      <span className="status">Đang cập nhật</span>
    </>
  );
}
