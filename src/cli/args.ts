import { parseArgs } from 'node:util';

/** `--name value` options for the npm run CLIs; unknown options are an error, not ignored. */
export function cliOptions<T extends Record<string, { type: 'string' | 'boolean' }>>(spec: T, usage: string) {
  try {
    return parseArgs({ options: spec, allowPositionals: true, strict: true });
  } catch (err) {
    console.error(`${(err as Error).message}\nUsage: ${usage}`);
    process.exit(2);
  }
}
