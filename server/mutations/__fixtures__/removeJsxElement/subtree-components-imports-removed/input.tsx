import TreeMetrics from './cards/TreeMetrics';
import MonthlyLatexChart from './cards/MonthlyLatexChart';
import YieldTarget from './cards/YieldTarget';
import PageMeta from './common/PageMeta';

export default function Home() {
  return (
    <>
      <PageMeta title="Tổng quan" />
      <div className="grid grid-cols-12 gap-4">
        <div className="col-span-12 space-y-6 xl:col-span-7">
          <TreeMetrics />
          <MonthlyLatexChart />
        </div>
        <div className="col-span-12 xl:col-span-5">
          <YieldTarget />
        </div>
      </div>
    </>
  );
}
