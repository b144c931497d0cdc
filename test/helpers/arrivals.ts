/**
 * What a test receiver got, in order, and a wait for the first `n` to a path: the webhook and the
 * push receivers' shared bookkeeping. `noun` names what arrives, for the timeout's message.
 */
export function arrivals<T extends { path: string }>(receiver: string, noun: string) {
  const received: T[] = [];
  const waiters = new Set<() => void>();
  return {
    received,
    add(item: T): void {
      received.push(item);
      for (const w of [...waiters]) w();
    },
    waitFor: (n: number, path?: string, timeoutMs = 30_000): Promise<T[]> =>
      new Promise((resolve, reject) => {
        const matching = () => received.filter((r) => path === undefined || r.path === path);
        const check = () => {
          if (matching().length < n) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(matching());
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`the ${receiver} got ${matching().length} of ${n} ${noun} to ${path ?? 'any path'} in ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.add(check);
        check();
      }),
  };
}
