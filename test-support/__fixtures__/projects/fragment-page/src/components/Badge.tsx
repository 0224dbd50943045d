/** A label that styles itself: it takes no className. */
export function Badge({ label }: { label: string }) {
  return <span style={{ padding: '0 0.5rem', borderRadius: 4, background: '#dcfce7' }}>{label}</span>;
}
