import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/_app/')({
  component: Home,
});

/** The console's home. The catalogue screens are built on top of this shell. */
function Home() {
  return (
    <main className="min-h-screen bg-slate-50 text-slate-900">
      <div className="mx-auto max-w-3xl px-6 py-16">
        <p className="text-sm font-medium uppercase tracking-wide text-emerald-700">Plantation Admin</p>
        <h1 className="mt-2 text-3xl font-bold">Quản trị đồn điền cao su</h1>
        <p className="mt-4 text-slate-600">
          Bảng điều khiển cho đồn điền cao su và robot nông nghiệp: quốc gia, khu vực, cánh đồng, kế hoạch, nhiệm vụ,
          cạo mủ, drone, cây cao su và robot.
        </p>
      </div>
    </main>
  );
}
