/**
 * A call of one of the app's functions in the process that runs a test server, inside a unit of work
 * on that server's database: how a test file plants data through a service (seedDemo,
 * createSuggestions, syncSource ...) without loading the app into its own module registry
 * (server.ts, `call`). Arguments and answers cross as JSON, with dates kept as dates, whichever
 * side of the process boundary the server is on, so a file behaves the same on either.
 */
export type AppCall = { module: string; name: string; args: unknown[] };

/**
 * A function of the app's by its module under src/ ('tools/demo-data.ts') and its export's name,
 * typed by the function (a type-only import: `server.call<typeof seedDemo>('tools/demo-data.ts', 'seedDemo', ...)`).
 */
export type CallApp = <F extends (...args: any[]) => unknown>(
  module: string,
  name: string,
  ...args: Parameters<F>
) => Promise<Awaited<ReturnType<F>>>;

const DATE = '$date';

/** JSON text of `value`, each Date as `{ "$date": iso }`. */
export function encode(value: unknown): string {
  return JSON.stringify(value, function (this: Record<string, unknown>, key, v: unknown) {
    const original = this[key];
    return original instanceof Date ? { [DATE]: original.toISOString() } : v;
  });
}

/** `encode`'s text back to values, dates as Date. */
export function decode<T>(text: string): T {
  return JSON.parse(text, (_key, v: unknown) =>
    v !== null && typeof v === 'object' && DATE in v && Object.keys(v).length === 1 ? new Date((v as Record<string, string>)[DATE]) : v,
  ) as T;
}

/** The app's function a call names: src/<module>, export <name>. */
export async function appFunction(call: AppCall): Promise<(...args: unknown[]) => unknown> {
  if (!/^[\w/.-]+\.ts$/.test(call.module) || call.module.includes('..')) throw new Error(`not a module under src/: ${call.module}`);
  const mod = (await import(`../../src/${call.module}`)) as Record<string, unknown>;
  const fn = mod[call.name];
  if (typeof fn !== 'function') throw new Error(`src/${call.module} exports no function ${call.name}`);
  return fn as (...args: unknown[]) => unknown;
}
