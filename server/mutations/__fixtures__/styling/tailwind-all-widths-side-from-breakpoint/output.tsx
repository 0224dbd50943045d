export function Panel() {
  return <section className="px-4 pt-[8px] pb-4 md:px-8 md:pb-8">Panel</section>;
}
