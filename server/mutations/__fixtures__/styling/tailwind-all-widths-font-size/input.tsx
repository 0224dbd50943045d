export function TreeDetail({ name }: { name: string }) {
  return (
    <div className="rounded-lg bg-white px-8 py-6 shadow sm:px-6 md:hover:p-2">
      <h1 className="text-5xl font-bold sm:text-4xl lg:text-3xl">{name}</h1>
    </div>
  );
}
