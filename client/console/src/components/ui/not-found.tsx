import { Link } from '@tanstack/react-router';

export function NotFound() {
  return (
    <div className="mx-auto max-w-xl p-8">
      <h1 className="text-2xl font-semibold text-slate-900">Không tìm thấy trang</h1>
      <p className="mt-2 text-slate-600">Địa chỉ này không có trong bảng điều khiển.</p>
      <Link to="/" className="mt-4 inline-block font-semibold text-emerald-700 underline-offset-2 hover:underline">
        Về trang chủ
      </Link>
    </div>
  );
}
