import { TestEnvironment } from 'jest-environment-node';
import { COMPILED_PGLITE, compilePglite, type CompiledPglite } from '../../src/db/pglite-wasm.ts';
import { CARRIED_VALIDATORS } from './openapi-check.ts';
import { openApiValidators } from './openapi-validators.ts';

/**
 * jest's node environment, plus what a worker carries from one test file to the next. jest gives
 * each file a global of its own, so the embedded database's compiled WebAssembly (pglite-wasm.ts),
 * which the app keeps on globalThis, would be compiled and optimised again in every file that
 * starts a server. This environment module is loaded once per worker, outside the files' realms:
 * it compiles PGlite once here and puts the same promise on each file's global, so a worker's
 * databases all run on one module whose hot functions V8 optimised once. Compiled here, not in a
 * file, so the module holds on to no file's realm after that file ends. The same goes for the
 * OpenAPI response validators (openapi-validators.ts): compiled once per worker, not per file.
 */
let compiled: Promise<CompiledPglite> | undefined;

export default class CarryingEnvironment extends TestEnvironment {
  override async setup(): Promise<void> {
    await super.setup();
    (this.global as { [COMPILED_PGLITE]?: Promise<CompiledPglite> })[COMPILED_PGLITE] = compiled ??= compilePglite();
    (this.global as { [CARRIED_VALIDATORS]?: typeof openApiValidators })[CARRIED_VALIDATORS] = openApiValidators;
  }
}
