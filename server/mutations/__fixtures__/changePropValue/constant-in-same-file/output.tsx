const DEFAULT_TONE = 'emerald';

function Badge({ tone, label }: { tone: string; label: string }) {
  return <span data-tone={tone}>{label}</span>;
}

export function Legend() {
  return (
    <div>
      <Badge tone={DEFAULT_TONE} label="Khoẻ" />
      <Badge tone={DEFAULT_TONE} label="Tốt" />
    </div>
  );
}
