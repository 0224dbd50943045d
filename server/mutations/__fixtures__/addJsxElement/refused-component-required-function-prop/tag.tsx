type Tone = 'green' | 'amber' | 'red';

interface TagProps {
  tone: Tone;
  label: string;
  count: number;
  compact: boolean;
  size: 2 | 4;
  note?: string;
}

export default function Tag({ tone, label, count, compact, size, note }: TagProps) {
  return <span data-tone={tone} data-size={size} title={note}>{compact ? count : `${label} ${count}`}</span>;
}
