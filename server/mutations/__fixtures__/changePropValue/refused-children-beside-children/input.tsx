export function Banner() {
  return (
    <section className="p-4">
      <p className="text-sm">
        Welcome <strong>back</strong>
      </p>
    </section>
  );
}
