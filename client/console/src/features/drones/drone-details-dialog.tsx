/**
 * The details modal: sample media (image and video tabs, fullscreen), position and system info. Escape closes it
 * (the dialog's own key handling); inside fullscreen the browser's Escape leaves fullscreen first.
 */
import { useId, useRef, useState } from 'react';
import { Dialog } from '../../components/ui/dialog';
import { formatDateTimeVi, formatMeasure, textOrUnknown } from '../../lib/format';
import { DetailsFailure, FactList, type DroneActions } from './drone-collection';
import { droneMedia } from './drone-media';
import { DroneStatusBadge } from './drone-status-badge';
import type { DroneView } from './drone-view-model';

const TABS = ['image', 'video'] as const;
type Tab = (typeof TABS)[number];
export const MEDIA_FAILURE_TEXT = 'Không thể hiển thị media';

export function DroneDetailsDialog({
  drone,
  onClose,
  actions,
}: {
  drone: DroneView;
  onClose(): void;
  actions: Pick<DroneActions, 'onRetryDetails' | 'isRetryingDetails'>;
}) {
  const [tab, setTab] = useState<Tab>('image');
  const [failed, setFailed] = useState<Record<Tab, boolean>>({ image: false, video: false });
  const mediaRef = useRef<HTMLDivElement>(null);
  const tabIds = useId();
  const media = droneMedia(drone.id, drone.image);
  const fail = () => setFailed((f) => ({ ...f, [tab]: true }));

  const rows = (pairs: [string, string][]) => <FactList rows={pairs} />;

  return (
    <Dialog open onClose={onClose} title={`Chi tiết ${drone.name}`} size="xl">
      <div className="grid gap-6 lg:grid-cols-[3fr_2fr]">
        <section aria-label="Media">
          {/* Why the fullscreen button sits outside the tablist: a tablist may only hold tabs. */}
          <div className="mb-3 flex flex-wrap items-center gap-2">
            <div role="tablist" aria-label="Loại media" className="flex gap-2">
              {TABS.map((t) => (
                <button
                  key={t}
                  id={`${tabIds}-${t}`}
                  type="button"
                  role="tab"
                  aria-selected={tab === t}
                  aria-controls={`${tabIds}-panel`}
                  // Roving focus: Tab reaches the chosen tab, the arrow keys move between tabs.
                  tabIndex={tab === t ? 0 : -1}
                  onClick={() => setTab(t)}
                  onKeyDown={(event) => {
                    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
                    event.preventDefault();
                    const next = TABS[(TABS.indexOf(t) + 1) % TABS.length]!;
                    setTab(next);
                    document.getElementById(`${tabIds}-${next}`)?.focus();
                  }}
                  className={`rounded-lg px-3 py-1.5 text-sm font-medium ring-1 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600 ${tab === t ? 'bg-emerald-600 text-white ring-emerald-600' : 'bg-white ring-slate-300'}`}
                >
                  {t === 'image' ? 'Hình ảnh' : 'Video demo'}
                </button>
              ))}
            </div>
            <button
              type="button"
              onClick={() => void mediaRef.current?.requestFullscreen?.()}
              className="ml-auto rounded-lg bg-white px-3 py-1.5 text-sm font-medium ring-1 ring-slate-300 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600"
            >
              Toàn màn hình
            </button>
          </div>
          <div
            ref={mediaRef}
            id={`${tabIds}-panel`}
            role="tabpanel"
            aria-labelledby={`${tabIds}-${tab}`}
            data-testid="drone-media"
            className="flex aspect-video items-center justify-center overflow-hidden rounded-xl bg-slate-900"
          >
            {failed[tab] ? (
              <p role="alert" className="text-sm text-slate-100">
                {MEDIA_FAILURE_TEXT}
              </p>
            ) : tab === 'image' ? (
              <img src={media.image} alt={`Ảnh mẫu của ${drone.name}`} onError={fail} className="h-full w-full object-contain" />
            ) : (
              <video src={media.video} aria-label={`Video demo của ${drone.name}`} controls autoPlay muted loop playsInline onError={fail} className="h-full w-full object-contain" />
            )}
          </div>
        </section>
        <div className="flex flex-col gap-5">
          <section aria-labelledby="drone-position">
            <h3 id="drone-position" className="mb-2 flex items-center gap-2 font-semibold text-slate-900">
              Vị trí <DroneStatusBadge status={drone.status} />
            </h3>
            {drone.detailsError !== null ? (
              <DetailsFailure drone={drone} actions={actions} alert />
            ) : (
              rows([
                ['Vị trí hiện tại', textOrUnknown(drone.currentLocation)],
                ['Hướng', textOrUnknown(drone.direction)],
                ['Tốc độ', formatMeasure(drone.speed, 'km/h')],
                ['Độ cao', formatMeasure(drone.height, 'm')],
              ])
            )}
          </section>
          <section aria-labelledby="drone-system">
            <h3 id="drone-system" className="mb-2 font-semibold text-slate-900">
              Thông tin hệ thống
            </h3>
            {rows([
              ['Drone info ID', drone.droneInfoId !== null ? String(drone.droneInfoId) : drone.detailsError !== null ? 'Không tải được' : textOrUnknown(null)],
              ['Robot ID', String(drone.robotId)],
              ['Sensor control system ID', String(drone.sensorControlSystemId)],
              ['Pin', formatMeasure(drone.batteryLevel, '%')],
              ['Cập nhật lần cuối', formatDateTimeVi(drone.lastUpdate)],
            ])}
          </section>
        </div>
      </div>
    </Dialog>
  );
}
