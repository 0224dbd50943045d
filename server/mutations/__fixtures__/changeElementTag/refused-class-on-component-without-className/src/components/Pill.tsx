/** Styles itself: its props have no className. */
export default function Pill({ children, tone }: { children?: string; tone?: 'green' | 'amber' }) {
  return <b data-tone={tone}>{children}</b>;
}
