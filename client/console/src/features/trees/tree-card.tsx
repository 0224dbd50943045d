import type { RubberTree } from '@contracts/api';
import { Link } from '@tanstack/react-router';
import { UNKNOWN_TEXT } from '../../lib/format';
import { directionStyleOf } from './tree-direction';
import { DirectionIcon } from './direction-icon';

export function TreeCard({ tree, onInfo, onEdit, onDelete }: { tree: RubberTree; onInfo(): void; onEdit(): void; onDelete(): void }) {
  const style = directionStyleOf(tree.location);
  return (
    <article
      aria-label={`Cây cao su #${tree.treeId}`}
      data-direction={style.side ?? 'none'}
      className={`flex min-w-0 flex-1 flex-col gap-3 rounded-2xl border-l-4 bg-white p-5 shadow-sm ring-1 ring-slate-200 ${style.accent}`}
    >
      <header className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="text-lg font-semibold text-slate-900">Cây #{tree.treeId}</h2>
          <p className="text-sm text-slate-600">Cánh đồng {tree.fieldId}</p>
        </div>
        <DirectionIcon rotation={style.rotation} label={style.label} />
      </header>
      <p className="text-sm wrap-anywhere text-slate-800">
        <span className="text-slate-500">Vị trí: </span>
        {tree.location || UNKNOWN_TEXT}
      </p>
      <dl className="flex flex-wrap gap-2 text-xs">
        <div className="rounded-full bg-white px-2.5 py-1 ring-1 ring-slate-200">
          <dt className="inline text-slate-500">Trạng thái: </dt>
          <dd className="inline font-medium wrap-anywhere text-slate-800">{tree.status || UNKNOWN_TEXT}</dd>
        </div>
        <div className="rounded-full bg-white px-2.5 py-1 ring-1 ring-slate-200">
          <dt className="inline text-slate-500">Năng suất: </dt>
          <dd className="inline font-medium wrap-anywhere text-slate-800">{tree.productivity || UNKNOWN_TEXT}</dd>
        </div>
      </dl>
      <div className="mt-auto flex flex-wrap gap-2 text-sm">
        <Link
          to="/rubber-tree-detail/$treeId"
          params={{ treeId: tree.treeId }}
          state={{ treeOrigin: { fieldId: tree.fieldId, location: tree.location } }}
          className="rounded-lg bg-emerald-600 px-3 py-1.5 font-medium text-white hover:bg-emerald-700"
        >
          Xem đo đạc
        </Link>
        <button type="button" onClick={onInfo} className="rounded-lg bg-white px-3 py-1.5 ring-1 ring-slate-300 hover:bg-slate-50">
          Thông tin
        </button>
        <button type="button" onClick={onEdit} className="rounded-lg bg-white px-3 py-1.5 ring-1 ring-slate-300 hover:bg-slate-50">
          Sửa
        </button>
        <button type="button" onClick={onDelete} className="rounded-lg bg-red-50 px-3 py-1.5 text-red-700 ring-1 ring-red-200 hover:bg-red-100">
          Xóa
        </button>
      </div>
    </article>
  );
}
