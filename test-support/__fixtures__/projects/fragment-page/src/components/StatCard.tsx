import type { ReactNode } from 'react';

type Tone = 'green' | 'amber' | 'red';

interface StatCardProps {
  title: string;
  tone: Tone;
  value: number;
  compact: boolean;
  className?: string;
  children?: ReactNode;
}

export function StatCard({ title, tone, value, compact, className, children }: StatCardProps) {
  return (
    <article className={className} data-tone={tone}>
      <h3>{title}</h3>
      {!compact && <strong>{value}</strong>}
      {children}
    </article>
  );
}
