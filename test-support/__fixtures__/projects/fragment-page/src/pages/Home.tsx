import TreeMetrics from '../components/TreeMetrics';
import MonthlyLatexChart from '../components/MonthlyLatexChart';
import { Notice } from '../components/Notice';

/** A component of the page's own, without className. */
function Caption({ text }: { text: string }) {
  return <small>{text}</small>;
}

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
      <Caption text="Cập nhật lúc 6 giờ" />
    </>
  );
}
