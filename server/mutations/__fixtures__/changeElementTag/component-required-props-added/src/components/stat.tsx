type Tone = 'green' | 'red';

export function Stat({ title, tone, className, children }: { title: string; tone: Tone; className?: string; children?: string }) {
  return <article className={className} data-tone={tone}><h3>{title}</h3>{children}</article>;
}
