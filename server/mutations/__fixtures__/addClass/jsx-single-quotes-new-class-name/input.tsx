export function Field({ name }: { name: string }) {
  return (
    <label htmlFor='field'>
      <span>{name}</span>
    </label>
  );
}
