/**
 * Tasks run one after another per key (a file, a canvas, a shared context): the task of a key starts once the one
 * before it has ended, fulfilled or failed, so a failure does not block the next; tasks of other keys do not wait.
 * Shared by the server and the mock (a runtime-neutral helper, no I/O of its own).
 */
export type SerialQueue<Key> = <T>(key: Key, task: () => Promise<T>) => Promise<T>;

export function keyedSerialQueue<Key = string>(): SerialQueue<Key> {
  // Each key's last task, settled; dropped once nothing is waiting behind it, so the map does not grow.
  const tails = new Map<Key, Promise<unknown>>();
  return (key, task) => {
    const result = (tails.get(key) ?? Promise.resolve()).then(task, task);
    const settled = result.catch(() => undefined);
    tails.set(key, settled);
    void settled.then(() => {
      if (tails.get(key) === settled) tails.delete(key);
    });
    return result;
  };
}
