/** An arrow turned toward the compass side, or a map pin when the side is unknown. */
export function DirectionIcon({ rotation, label }: { rotation: number | null; label: string }) {
  return (
    <span role="img" aria-label={label} title={label} className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-white ring-1 ring-current">
      {rotation === null ? (
        <svg viewBox="0 0 24 24" className="size-5" fill="currentColor" aria-hidden="true">
          <path d="M12 2a7 7 0 0 0-7 7c0 5.25 7 13 7 13s7-7.75 7-13a7 7 0 0 0-7-7Zm0 9.5A2.5 2.5 0 1 1 12 6.5a2.5 2.5 0 0 1 0 5Z" />
        </svg>
      ) : (
        <svg viewBox="0 0 24 24" className="size-5" style={{ transform: `rotate(${rotation}deg)` }} fill="none" stroke="currentColor" strokeWidth="2.5" aria-hidden="true">
          <path d="M12 20V4M5 11l7-7 7 7" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      )}
    </span>
  );
}
