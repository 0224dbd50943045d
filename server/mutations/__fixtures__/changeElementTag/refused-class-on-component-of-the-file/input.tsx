function Tag({ children }: { children?: string }) {
  return <b>{children}</b>;
}

export function Trees({ names }: { names: string[] }) {
  return (
    <ul className="grid gap-1">
      {names.map((name) => (
        <li key={name} className="px-2">
          <Tag>{name}</Tag>
          <span className="text-xs text-slate-500">cây</span>
        </li>
      ))}
    </ul>
  );
}
