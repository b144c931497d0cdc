import { spawn, execFile, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import supertest from 'supertest';
import { startArgs } from '../helpers/start-command.ts';

/**
 * The service as a newcomer runs it: `npm start`, i.e. the build and then node with its flags on
 * dist/bundle/main.js, on an empty embedded data dir, stopped with SIGTERM and started again on the same
 * dir. The configuration checks run the sources (`node src/main.ts`), as the CLIs do.
 *
 * None of it reads DATABASE_URL (it is taken out of the environment), so it runs where the README's
 * `npm test` runs, on the embedded database, and not again in CI's PostgreSQL run, which has only
 * the test of the same command on PostgreSQL.
 */
const embedded = process.env.DATABASE_URL ? test.skip : test;
const onPostgres = process.env.DATABASE_URL ? test : test.skip;
const NODE = process.execPath;
const run = promisify(execFile);
let dir: string;

beforeAll(async () => {
  // (The build npm start runs first is the run's global setup's, test/helpers/global-setup.ts.)
  dir = mkdtempSync(join(tmpdir(), 'lifetrack-boot-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function envFor(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  // As an operator starts it: without jest's NODE_ENV=test, which libraries read (test/helpers/process.ts).
  const { DATABASE_URL: _ignored, NODE_ENV: _env, ...inherited } = process.env;
  // Nor allocator settings from the shell that runs the tests (the server's own are tested below).
  const rest = Object.fromEntries(Object.entries(inherited).filter(([name]) => !name.startsWith('MALLOC_')));
  return { ...rest, PGLITE_DIR: join(dir, 'pglite'), ALLOW_REGISTRATION: 'true', LOG_LEVEL: 'info', ...extra };
}

type Booted = { child: ChildProcess; url: string; exited: Promise<number | null>; output: () => string };

async function boot(extra: Record<string, string> = {}, nodeFlags: string[] = []): Promise<Booted> {
  const child = spawn(NODE, [...nodeFlags, ...startArgs()], {
    // A port of its own choosing, read from its listen line: a random one was sometimes taken.
    env: envFor({ PORT: '0', ...extra }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no listen line within 60 s:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const m = /Listening on (http:\/\/\S+) with database embedded PGlite/.exec(output);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', () => reject(new Error(`server exited early:\n${output}`)));
  });
  return { child, url, exited, output: () => output };
}

embedded(
  'boots on an empty data dir, keeps data across a restart, and finishes in-flight requests on SIGTERM',
  async () => {
    const first = await boot();
    const api = () => supertest(first.url);
    const reg = await api().post('/auth/register').send({ email: 'boot@example.com', password: 'long enough' });
    expect(reg.status).toBe(201);
    const token = (await api().post('/auth/login').send({ email: 'boot@example.com', password: 'long enough' })).body.api_token;
    const auth = { Authorization: `Bearer ${token}` };
    const ev = await api().post(`/users/${reg.body.id}/events`).set(auth).send({ notes: 'before restart' });
    expect(ev.status).toBe(201);

    // A request whose body is still arriving when SIGTERM comes must still be answered.
    const body = JSON.stringify({ notes: 'in flight' });
    const inFlight = new Promise<number>((resolve, reject) => {
      const req = request(
        `${first.url}/users/${reg.body.id}/events`,
        {
          method: 'POST',
          headers: { ...auth, 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode!);
        },
      );
      req.on('error', reject);
      req.write(body.slice(0, 5));
      setTimeout(() => {
        first.child.kill('SIGTERM');
        setTimeout(() => req.end(body.slice(5)), 300);
      }, 200);
    });
    expect(await inFlight).toBe(201);
    expect(await first.exited).toBe(0);

    const second = await boot();
    try {
      const again = (await supertest(second.url).post('/auth/login').send({ email: 'boot@example.com', password: 'long enough' })).body;
      const list = await supertest(second.url).get(`/users/${reg.body.id}/events`).set('Authorization', `Bearer ${again.api_token}`);
      expect(list.body.map((e: { notes: string }) => e.notes).sort()).toEqual(['before restart', 'in flight']);
      // The old session survives a restart too: the signing key lives in the database.
      expect((await supertest(second.url).get('/auth/me').set(auth)).status).toBe(200);

      // A CLI reaches the running server's database through its socket.
      const cli = await run(NODE, ['src/cli/user-create.ts', '--email', 'cli@example.com', '--password', 'long enough'], { env: envFor() });
      expect(cli.stdout).toMatch(/user_id: [0-9a-f-]{36}/);
      const viaApi = await supertest(second.url).post('/auth/login').send({ email: 'cli@example.com', password: 'long enough' });
      expect(viaApi.status).toBe(200);
    } finally {
      second.child.kill('SIGTERM');
      expect(await second.exited).toBe(0);
    }

    // With the server stopped, the CLI opens the data dir itself; bad input is a clear message and exit code 1.
    const bad = await run(NODE, ['src/cli/user-create.ts', '--email', 'nope', '--password', 'x'], { env: envFor() }).catch((e) => e);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('--email: Input should be a valid email address');
    const ok = await run(
      NODE,
      ['src/cli/user-create.ts', '--email', 'offline@example.com', '--password', 'long enough', '--timezone', 'Europe/Berlin'],
      { env: envFor() },
    );
    expect(ok.stdout).toContain('timezone Europe/Berlin');
  },
  180_000,
); // two boots (the first initialises the data dir) and three CLI runs, each its own process

// glibc reads its allocator settings only at start: the server restarts itself once with them (src/memory-settings.ts).
if (process.platform === 'linux')
  embedded(
    'the server runs with the allocator settings of small idle memory, unless the operator set their own',
    async () => {
      const environ = (pid: number) =>
        readFileSync(`/proc/${pid}/environ`, 'utf8')
          .split('\0')
          .filter((v) => v.startsWith('MALLOC_'))
          .sort();
      const plain = await boot();
      try {
        // The same process (the pid the shell started), now with the settings.
        expect(environ(plain.child.pid!)).toEqual(['MALLOC_ARENA_MAX=2', 'MALLOC_MMAP_THRESHOLD_=32768', 'MALLOC_TRIM_THRESHOLD_=131072']);
      } finally {
        plain.child.kill('SIGTERM');
        expect(await plain.exited).toBe(0);
      }
      const own = await boot({ MALLOC_ARENA_MAX: '4' });
      try {
        expect(environ(own.child.pid!)).toEqual(['MALLOC_ARENA_MAX=4']);
      } finally {
        own.child.kill('SIGTERM');
        expect(await own.exited).toBe(0);
      }
    },
    180_000,
  ); // two boots on the embedded database, each restarting itself once with the settings

// What start-up left behind is collected once the server is ready (collectStartupGarbage in src/memory-settings.ts).
embedded(
  'once ready, the server runs one memory-reducing garbage collection',
  async () => {
    const traced = await boot({}, ['--trace-gc']);
    traced.child.kill('SIGTERM');
    expect(await traced.exited).toBe(0);
    // V8's trace: "Mark-Compact (reduce) 73.0 (85.3) -> 59.4 (65.1) MB, ... testing; ..." (testing: asked for by gc()).
    expect(traced.output()).toMatch(/Mark-Compact \(reduce\)[^\n]* testing;/);
  },
  120_000,
);

embedded('a bad configuration value stops start-up with a message naming the variable', async () => {
  const res = await run(NODE, ['src/main.ts'], { env: envFor({ PORT: 'eighty' }) }).catch((e) => e);
  expect(res.code).toBe(2);
  expect(res.stderr).toContain('PORT');
});

embedded('.env in the working directory is read at start, and the real environment wins over it', async () => {
  const cwd = mkdtempSync(join(tmpdir(), 'lifetrack-env-'));
  const main = join(process.cwd(), 'src/main.ts');
  try {
    writeFileSync(join(cwd, '.env'), 'PORT=eighty\nWORKERS=lots\n');
    const fromFile = await run(NODE, [main], { cwd, env: envFor() }).catch((e) => e);
    expect(fromFile.code).toBe(2);
    expect(fromFile.stderr).toContain('PORT');
    expect(fromFile.stderr).toContain('WORKERS');
    const realWins = await run(NODE, [main], { cwd, env: envFor({ PORT: '0' }) }).catch((e) => e);
    expect(realWins.code).toBe(2);
    expect(realWins.stderr).toContain('WORKERS');
    expect(realWins.stderr).not.toContain('PORT');
  } finally {
    rmSync(cwd, { recursive: true, force: true });
  }
});

embedded('TRUST_PROXY=true (trust every hop) is refused with the forms that are accepted', async () => {
  const res = await run(NODE, ['src/main.ts'], { env: envFor({ TRUST_PROXY: 'true' }) }).catch((e) => e);
  expect(res.code).toBe(2);
  expect(res.stderr).toMatch(/TRUST_PROXY: trusting every hop .* number of proxies/);
});

// Only where PostgreSQL is configured (CI's first run): `npm test` on a fresh machine has none.
onPostgres('with DATABASE_URL the same command uses PostgreSQL', async () => {
  const child = spawn(NODE, ['src/main.ts'], {
    env: { ...process.env, PORT: '0', LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(output)), 60_000);
    child.stdout.on('data', (c: Buffer) => {
      output += c.toString();
      if (output.includes('Listening on')) {
        clearTimeout(timer);
        resolve();
      }
    });
  });
  expect(output).toMatch(/with database postgresql:\/\/127\.0\.0\.1:5432\//);
  const url = /Listening on (http:\/\/\S+)/.exec(output)![1];
  expect((await supertest(url).get('/readyz')).status).toBe(200);
  child.kill('SIGTERM');
  expect(await exited).toBe(0);
});
