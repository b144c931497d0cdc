/**
 * Whether this process is answering someone. Bulk background work (an import) overlaps its own
 * steps, the database writing one batch while the file's next is parsed, which keeps both cores
 * of a small server busy; while a request is being answered it stops overlapping, so the request
 * shares the machine with one of those steps, not both.
 */
let answering = 0;
let lastDone = 0;
/** A request's neighbours (the next step of a client's sequence) count as the same burst. */
const AFTER_MS = 20;

/** Marks a request as begun; the function returned marks it done (once, however often it is called). */
export function beginForeground(): () => void {
  answering++;
  let done = false;
  return () => {
    if (done) return;
    done = true;
    answering--;
    lastDone = Date.now();
  };
}

export const foregroundBusy = (): boolean => answering > 0 || Date.now() - lastDone < AFTER_MS;
