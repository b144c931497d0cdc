import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** A compiled WebAssembly.Module, opaque here (the WebAssembly API has no types without the DOM lib). */
export type CompiledPglite = { readonly [Symbol.toStringTag]: string };
declare const WebAssembly: { compile(bytes: Uint8Array): Promise<CompiledPglite> };

/**
 * PGlite's WebAssembly (9 MB), compiled once per process and handed to every embedded database
 * thread the process starts (embedded.ts), instead of each thread compiling its own copy. The first
 * thread compiles it on its own and hands it back: then it boots without waiting for the main thread,
 * busy loading the server at that moment. A process
 * usually starts one, but a restart in the same process (tests, the boot checks) or a test runner
 * worker that starts one per test file otherwise compiled it again each time, and V8 optimised its
 * hot functions again each time: a compiled module is shared between threads, code and tier-up
 * included, so the second database starts on code the first one already made fast.
 *
 * It is kept on globalThis under a registry symbol, not in a module variable, so that a host that
 * re-evaluates this module (jest gives each test file its own module registry and global) can carry
 * the one compilation across (test/helpers/environment.ts).
 */
export const COMPILED_PGLITE = Symbol.for('lifetrack.pglite.compiled');

/** Beside the package's entry point (require.resolve: this module also loads in CommonJS hosts, jest's global setup). */
const PGLITE_WASM = join(dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite')), 'pglite.wasm');

export function compilePglite(): Promise<CompiledPglite> {
  return WebAssembly.compile(readFileSync(PGLITE_WASM));
}

/** The module compiled in this process (or carried into it), if any yet. */
export function compiledPgliteIfAny(): Promise<CompiledPglite> | undefined {
  return (globalThis as { [COMPILED_PGLITE]?: Promise<CompiledPglite> })[COMPILED_PGLITE];
}

/** Keeps a module a database thread compiled, for the next one this process starts. */
export function keepCompiledPglite(module: CompiledPglite): void {
  (globalThis as { [COMPILED_PGLITE]?: Promise<CompiledPglite> })[COMPILED_PGLITE] ??= Promise.resolve(module);
}
