type Props = { title: string; className?: string };

export function Card({ title, className }: Props) {
  return <article className={className}>{title}</article>;
}
