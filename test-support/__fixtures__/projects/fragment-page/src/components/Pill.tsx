import type { ReactNode } from 'react';

/** Takes children but no className: it styles itself. */
export function Pill({ children }: { children: ReactNode }) {
  return <span style={{ borderRadius: 999, padding: '0 0.5rem' }}>{children}</span>;
}
