/**
 * glibc's allocator settings for the server, which glibc reads only when a process starts.
 *
 * Several threads allocate in this process: V8's compiler threads while they optimise PGlite's
 * WebAssembly (hundreds of MB for a few seconds after start), the embedded database's thread, and
 * libuv's pool. With glibc's defaults each thread gets its own arena (up to 8 per core), and memory
 * freed inside an arena mostly stays with the process. Hence at most 2 arenas, and the top of the
 * heap trimmed past 128 KB. Allocations of 32 KB and more are mapped on their own, so they go back
 * to the system when freed: with a 64 KB threshold a ~64 MB arena heap stayed resident after the
 * start-up compilation, pinned by a few live blocks. 8 KB held as little (250–256 MB idle either
 * way) but mapped and unmapped so many blocks that the start took 9.5–10.7 s to /readyz instead of
 * 7.1–7.6 s (twice each, alternately, on the embedded database). Together: an idle `npm start` on
 * the embedded database holds ~150 MB less than with glibc's defaults (docs/operations.md, Memory).
 * The Docker image sets the same variables.
 */
export const MALLOC_SETTINGS: Readonly<Record<string, string>> = {
  MALLOC_ARENA_MAX: '2',
  MALLOC_MMAP_THRESHOLD_: '32768',
  MALLOC_TRIM_THRESHOLD_: '131072',
};

/**
 * On Linux, when none of the settings is in the environment, replaces this process (same pid,
 * same arguments and node flags) with one that has them, and does not return (unless exec is
 * refused: then it warns and the server goes on without them). Any of them set by
 * the operator means they chose: nothing is changed. Elsewhere (macOS, Windows) it does nothing;
 * on a musl Linux the variables are ignored, at the cost of one exec.
 */
export function applyMallocSettings(): void {
  if (process.platform !== 'linux' || typeof process.execve !== 'function') return;
  if (Object.keys(MALLOC_SETTINGS).some((name) => process.env[name] !== undefined)) return;
  try {
    process.execve(process.execPath, [process.execPath, ...process.execArgv, ...process.argv.slice(1)], {
      ...process.env,
      ...MALLOC_SETTINGS,
    });
  } catch (err) {
    // A sandbox that forbids exec: the server runs as it is, with glibc's defaults.
    console.warn(`Allocator settings not applied (${err instanceof Error ? err.message : String(err)}); idle memory will be higher`);
  }
}

/**
 * One last-resort garbage collection once the server is ready, when `npm start` exposes `gc`
 * (--expose-gc). Start-up (module loading, the GraphQL schema, the OpenAPI document, migrations)
 * leaves garbage, caches and grown heap pages that an idle server would keep until traffic made V8
 * collect. A regular full collection gave back nothing measurable; the last-resort flavour (several
 * passes, compilation cache cleared, heap shrunk) ~20 MB. Takes ~150 ms, before any client has a
 * reason to call. Without the flag (tests, CLIs) it does nothing.
 */
export function collectStartupGarbage(): void {
  globalThis.gc?.({ type: 'major', execution: 'sync', flavor: 'last-resort' });
}

/**
 * Asks V8 for a major collection without waiting for it (incremental marking, finished as the
 * process goes on). Bulk work that allocates fast (an import parsing a file) calls it about once a
 * second: left alone, V8 grew the old generation with the promoted garbage of an import until its
 * own next major collection, and the server's RSS touched 300 MB on a 1.5 GB import (264 MB now).
 */
export function collectGarbageSoon(): void {
  void globalThis.gc?.({ type: 'major', execution: 'async' });
}
