export function Metrics({ growth }: { growth: string }) {
  return (
    <section className="grid gap-2">
      <h3 className="text-sm">Sản lượng mủ</h3>
      <span className="rounded-full bg-green-50 px-2 text-green-600">{growth}</span>
    </section>
  );
}
