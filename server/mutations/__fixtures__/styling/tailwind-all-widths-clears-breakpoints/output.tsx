export function TreeDetail({ name }: { name: string }) {
  return (
    <div className="rounded-lg bg-white p-8 shadow md:hover:p-2">
      <h1 className="text-5xl font-bold sm:text-4xl lg:text-3xl">{name}</h1>
    </div>
  );
}
