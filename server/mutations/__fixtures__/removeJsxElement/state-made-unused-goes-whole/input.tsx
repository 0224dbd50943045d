import { useCallback, useState } from 'react';

const LABEL = 'Đếm cây';

export function Counter() {
  const [count, setCount] = useState(0);
  const increment = useCallback(() => setCount((c) => c + 1), []);
  function reset() {
    setCount(0);
  }
  return (
    <section className="p-2">
      <h2>Vườn cao su</h2>
      <button type="button" onClick={increment} onDoubleClick={reset}>
        {LABEL}: {count}
      </button>
    </section>
  );
}
