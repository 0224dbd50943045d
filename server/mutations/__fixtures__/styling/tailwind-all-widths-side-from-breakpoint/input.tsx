export function Panel() {
  return <section className="p-4 md:p-8 lg:pt-10">Panel</section>;
}
