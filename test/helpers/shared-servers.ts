import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/**
 * The run's shared test servers, one per jest worker (global-setup.ts starts them, global-teardown.ts
 * stops them): `node test/helpers/shared-server.ts` each, on its own copy of the migrated database.
 * A file that needs only a server's HTTP interface uses its worker's (server.ts, withServer) and
 * pays neither the app's imports in jest's module registry nor a server start (~3 s a file here).
 */
const SCRIPT = fileURLToPath(new URL('./shared-server.ts', import.meta.url));
const ENV_PREFIX = 'TEST_SHARED_SERVER_';
const START_TIMEOUT_MS = 120_000;

type Shared = { children: ChildProcess[] };
const state = globalThis as typeof globalThis & { __sharedServers?: Shared };

function startOne(): Promise<{ child: ChildProcess; url: string; control: string }> {
  // Not jest's NODE_ENV=test: the server runs as it would anywhere (test/helpers/process.ts says why).
  const { NODE_ENV: _env, ...env } = process.env;
  const child = spawn(process.execPath, ['--no-warnings', SCRIPT], { env, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let out = '';
    // A server that neither listens nor exits would hold the whole run: it is killed and named.
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`shared test server did not listen within ${START_TIMEOUT_MS} ms`));
    }, START_TIMEOUT_MS);
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /listening (\S+) (\S+)/.exec(out);
      if (!m) return;
      clearTimeout(timer);
      resolve({ child, url: m[1], control: m[2] });
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`shared test server exited with ${code} before listening`));
    });
  });
}

/** Starts `count` servers and hands their URLs to the workers (which inherit this environment). */
export async function startSharedServers(count: number): Promise<void> {
  const started = await Promise.all(Array.from({ length: count }, () => startOne()));
  started.forEach(({ url, control }, i) => {
    process.env[`${ENV_PREFIX}${i + 1}`] = url;
    process.env[`${ENV_PREFIX}${i + 1}_CONTROL`] = control;
  });
  state.__sharedServers = { children: started.map((s) => s.child) };
}

export async function stopSharedServers(): Promise<void> {
  const children = state.__sharedServers?.children ?? [];
  await Promise.all(
    children
      .filter((child) => child.exitCode === null)
      .map((child) => {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        return exited;
      }),
  );
}

/** This worker's shared server (its address and its control's, shared-server.ts), if the run started them. */
export function sharedServer(): { url: string; control: string } | undefined {
  const key = `${ENV_PREFIX}${process.env.JEST_WORKER_ID ?? '1'}`;
  const [url, control] = [process.env[key], process.env[`${key}_CONTROL`]];
  return url && control ? { url, control } : undefined;
}
