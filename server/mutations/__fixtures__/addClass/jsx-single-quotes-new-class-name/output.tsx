export function Field({ name }: { name: string }) {
  return (
    <label htmlFor='field'>
      <span className='font-bold'>{name}</span>
    </label>
  );
}
