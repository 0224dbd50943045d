import { useState } from 'react';

export function Plot({ name }: { name: string }) {
  const [open] = useState(false);
  return <section>{open ? <h2>{name}</h2> : null}</section>;
}
