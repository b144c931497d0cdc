import { request } from 'node:http';
import pg from 'pg';
import { tcpProxy } from '../helpers/proxy.ts';
import { killAll, processDatabase, spawnServer, spawnServerProcess, type ServerProcess } from '../helpers/process.ts';
import { signUp, type TestUser } from '../helpers/users.ts';
import { waitParsed } from '../captures/flow.ts';
import { waitFor } from '../captures/wait.ts';
import { allReadings } from '../metrics/support.ts';
import { freePort } from '../bench/spawned-server.ts';

/**
 * Faults, with the real server in its own process (as `npm start` runs it): the database going away
 * during traffic, SIGTERM during traffic, kill -9 in the middle of an ingest, and background
 * jobs across a restart. The database is a migrated PostgreSQL database of its own (DATABASE_URL)
 * or, without one, a migrated PGlite data dir; the proxy test needs PostgreSQL (the embedded database lives
 * inside the server process, so there is nothing to cut between them).
 */
const onPostgres = process.env.DATABASE_URL ? test : test.skip;

let db: Awaited<ReturnType<typeof processDatabase>>;
beforeAll(async () => {
  db = await processDatabase('migrated');
});
afterAll(async () => {
  await killAll();
  await db?.drop();
});

/** Figures worth reading in the output (time to 503, time to recover ...). */
const measured = (what: string, value: unknown) => console.log(`[faults/${db.kind}] ${what}: ${JSON.stringify(value)}`);

const DAY0 = Date.UTC(2026, 0, 1);
/** 10,000 step readings a minute apart (about a week), each with its own source_id so a re-send is deduplicated. */
const tenThousand = (tag: string) =>
  Array.from({ length: 10_000 }, (_, i) => ({
    metric_type_slug: 'steps',
    recorded_at: new Date(DAY0 + i * 60_000).toISOString(),
    source: 'watch',
    source_id: `${tag}-${i}`,
    value: i,
  }));

/**
 * A request written by hand, so a test knows the server holds it and controls when its last byte
 * goes out. It asks `Expect: 100-continue`: the server's 100 is the proof that it has read the
 * headers (the request is in flight), and only then is the body written, all but its last byte.
 */
function rawRequest(url: string, method: string, path: string, headers: Record<string, string>, body: string) {
  const bytes = Buffer.from(body);
  let finish!: () => void;
  let accepted!: () => void;
  const inFlight = new Promise<void>((resolve) => (accepted = resolve));
  const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request(
      `${url}${path}`,
      {
        method,
        agent: false,
        headers: { ...headers, 'Content-Type': 'application/json', 'Content-Length': String(bytes.length), Expect: '100-continue' },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode!, body: text }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.on('continue', () => req.write(bytes.subarray(0, bytes.length - 1), () => accepted()));
    req.flushHeaders();
    finish = () => req.end(bytes.subarray(bytes.length - 1));
  });
  return { response, inFlight, finish: () => finish() };
}

/** A fresh connection (no keep-alive agent): its status, or the connection error's code. */
function probe(url: string, path = '/healthz'): Promise<number | string> {
  return new Promise((resolve) => {
    const req = request(`${url}${path}`, { agent: false, timeout: 5000 }, (res) => {
      res.resume();
      resolve(res.statusCode!);
    });
    req.on('timeout', () => req.destroy(Object.assign(new Error('timeout'), { code: 'TIMEOUT' })));
    req.on('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? err.message));
    req.end();
  });
}

/**
 * A stopped database refuses and drops connections: every answer is a prompt 503. A frozen one
 * answers nothing: a request waits for the pool's connect timeout (5 s) or its statement's read
 * timeout (statement timeout + 1 s, here 2 s + 1 s), then is a 503; /readyz gives up after 2 s.
 */
const outages = [
  ['stopped (connections dropped and refused)', 'reset', 3000],
  ['frozen (connections go silent, new ones are never answered)', 'hang', 7000],
] as const;
onPostgres.each(outages)(
  'the database %s during traffic: 503s within seconds (no hang), and back to 200 by itself once it returns',
  async (_what, mode, dataLimitMs) => {
    const target = new URL(db.url!);
    const proxy = await tcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const viaProxy = new URL(db.url!);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);
    const s = await spawnServer({ DATABASE_URL: viaProxy.toString(), WORKERS: '1', DATABASE_STATEMENT_TIMEOUT_MS: '2000' });
    try {
      const u = await signUp(s);
      const events = () => s.api().get(`/users/${u.id}/events`).set(u.auth).timeout(15_000);
      const readyz = () => s.api().get('/readyz').timeout(15_000);

      // Background traffic (reads and writes) all along: none of it may hang or be a 500.
      let traffic = true;
      const statuses: number[] = [];
      let slowest = 0;
      const client = async () => {
        for (let i = 0; traffic; i++) {
          const started = Date.now();
          const res =
            i % 2
              ? await events()
              : await s
                  .api()
                  .post(`/users/${u.id}/events`)
                  .set(u.auth)
                  .send({ notes: `traffic ${i}` })
                  .timeout(15_000);
          slowest = Math.max(slowest, Date.now() - started);
          statuses.push(res.status);
        }
      };
      const clients = Promise.all([client(), client(), client()]);
      await waitFor(async () => (statuses.filter((x) => x < 300).length >= 10 ? true : undefined), 'traffic to flow');

      proxy[mode]();
      const down = Date.now();
      const timed = async (send: () => Promise<{ status: number }>) => {
        const started = Date.now();
        const res = await send();
        return { status: res.status, ms: Date.now() - started };
      };
      const ready = await timed(readyz);
      const data = await timed(events);
      expect(ready.status).toBe(503);
      expect(data.status).toBe(503);
      expect(ready.ms).toBeLessThan(3000);
      expect(data.ms).toBeLessThan(dataLimitMs);
      // Every answer while it is down is a prompt 503, however many come.
      const more = await Promise.all(Array.from({ length: 5 }, () => timed(events)));
      expect(more.map((r) => r.status)).toEqual([503, 503, 503, 503, 503]);
      for (const r of more) expect(r.ms).toBeLessThan(dataLimitMs);
      const downMs = Date.now() - down;

      proxy.restore();
      const back = Date.now();
      await waitFor(async () => ((await readyz()).status === 200 && (await events()).status === 200 ? true : undefined), 'recovery', 5000);
      const recoveredMs = Date.now() - back;
      // Writes work again too.
      expect((await s.api().post(`/users/${u.id}/events`).set(u.auth).send({ notes: 'after' })).status).toBe(201);

      traffic = false;
      await clients;
      measured(`${mode}: readyz while down (ms)`, ready.ms);
      measured(`${mode}: events while down (ms)`, data.ms);
      measured(
        `${mode}: further 503s (ms)`,
        more.map((r) => r.ms),
      );
      measured(`${mode}: time down`, downMs);
      measured(`${mode}: time to recover after the database returned (ms)`, recoveredMs);
      measured(`${mode}: slowest traffic request (ms)`, slowest);
      expect(recoveredMs).toBeLessThan(5000);
      expect(slowest).toBeLessThan(dataLimitMs + 2000);
      expect([...new Set(statuses)].sort()).toEqual(expect.arrayContaining([503]));
      expect(statuses.filter((x) => ![200, 201, 503].includes(x))).toEqual([]);
      expect(await s.stop()).toBe(0);
    } finally {
      await s.kill();
      await proxy.cut();
    }
  },
  120_000,
);

test('SIGTERM during traffic: every in-flight request completes, new connections are refused, exit code 0', async () => {
  // Four 10,000-reading batches in flight take PGlite well over the default 10 s grace on a busy
  // machine: the grace here is long enough that what is tested is the draining, not the deadline.
  const s = await spawnServer({ ...db.env, WORKERS: '1', SHUTDOWN_TIMEOUT_MS: '60000' });
  let stopped = false;
  let a: TestUser, b: TestUser;
  try {
    [a, b] = [await signUp(s), await signUp(s)];
    const auth = (u: TestUser) => ({ Authorization: `Bearer ${u.token}` });
    // Requests whose last byte is held back until after the signal: in flight for certain.
    const held = [
      rawRequest(s.url, 'POST', `/users/${a.id}/health/metrics`, auth(a), JSON.stringify({ readings: tenThousand('held-a') })),
      rawRequest(s.url, 'POST', `/users/${b.id}/health/metrics`, auth(b), JSON.stringify({ readings: tenThousand('held-b') })),
      rawRequest(s.url, 'POST', `/users/${a.id}/events`, auth(a), JSON.stringify({ notes: 'held' })),
      rawRequest(
        s.url,
        'POST',
        '/graphql',
        auth(b),
        JSON.stringify({ query: '{ me { days(from: "2026-01-01", to: "2026-12-31") { date metrics { slug value } } } }' }),
      ),
    ];
    // And complete ones that are still being worked on when the signal comes.
    const working = [
      rawRequest(s.url, 'POST', `/users/${a.id}/health/metrics`, auth(a), JSON.stringify({ readings: tenThousand('busy-a') })),
      rawRequest(s.url, 'POST', `/users/${b.id}/health/metrics`, auth(b), JSON.stringify({ readings: tenThousand('busy-b') })),
    ];
    await Promise.all([...held, ...working].map((r) => r.inFlight));
    for (const w of working) w.finish();

    s.child.kill('SIGTERM');
    await s.waitForLog(/SIGTERM received/);
    // The listener is closed: a new connection is refused, or reset if it reached the listen
    // backlog just before the close (a 503 would do too); never served.
    const late = await probe(s.url);
    expect(['ECONNREFUSED', 'ECONNRESET', 503]).toContain(late);
    expect(await probe(s.url)).toBe('ECONNREFUSED');

    for (const h of held) h.finish();
    const answers = await Promise.all([...held, ...working].map((r) => r.response));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 201, 200, 200, 200]);
    for (const r of [answers[0], answers[1], answers[4], answers[5]]) expect(JSON.parse(r.body).created).toHaveLength(10_000);
    expect(JSON.parse(answers[3].body).errors).toBeUndefined();
    const exit = await s.exited;
    stopped = true;
    expect(exit).toEqual({ code: 0, signal: null });
    expect(s.logs()).toContain('Stopped cleanly');
  } catch (err) {
    console.log(s.logs().slice(-6000));
    throw err;
  } finally {
    if (!stopped) await s.kill();
  }

  // What they wrote is there after a restart.
  const again = await spawnServer({ ...db.env, WORKERS: '1' });
  try {
    expect((await allReadings(again, a!)).length).toBe(20_000);
    expect((await allReadings(again, b!)).length).toBe(20_000);
    const events = await again.api().get(`/users/${a!.id}/events`).set(a!.auth);
    expect(events.body.map((e: { notes: string }) => e.notes)).toEqual(['held']);
    expect(await again.stop()).toBe(0);
  } finally {
    await again.kill();
  }
}, 180_000);

test('SIGTERM the moment it first answers (its job workers still starting): a clean stop, exit code 0', async () => {
  // Not spawnServer: it returns at the listen line, which comes after the last start-up step.
  const port = await freePort();
  const child = spawnServerProcess({ ...db.env, PORT: String(port), WORKERS: '2' });
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  try {
    // Asked every few milliseconds: the last start-up step after listening takes tens of them.
    const deadline = Date.now() + 60_000;
    let answer: number | string;
    while ((answer = await probe(`http://127.0.0.1:${port}`, '/healthz')) !== 200) {
      if (Date.now() > deadline || child.exitCode !== null) throw new Error(`no answer (${answer}) on ${port}:\n${output}`);
      await new Promise((r) => setTimeout(r, 5));
    }
    child.kill('SIGTERM');
    expect(await exited).toEqual({ code: 0, signal: null });
    expect(output).toContain('Stopped cleanly');
  } finally {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
}, 120_000);

test('kill -9 in the middle of a 10,000-reading ingest: after a restart the batch is all there or all absent, and a retry completes it', async () => {
  let s: ServerProcess = await spawnServer({ ...db.env, WORKERS: '1' });
  try {
    // How long one such ingest takes here, so the kills land before, during and after its statement.
    // (The first ingest of a process is slower: it is a warm-up, the second one is measured.)
    const ref = await signUp(s);
    let took = 0;
    for (const tag of ['warm-up', 'ref']) {
      const started = Date.now();
      const res = await s
        .api()
        .post(`/users/${ref.id}/health/metrics`)
        .set(ref.auth)
        .send({ readings: tenThousand(tag) });
      expect(res.status).toBe(200);
      took = Date.now() - started;
    }
    measured('one 10,000-reading ingest (ms)', took);

    // On PostgreSQL one kill waits until the insert statement is seen running (pg_stat_activity).
    const inserting = process.env.DATABASE_URL ? [new pg.Client({ connectionString: db.url })] : [];
    for (const c of inserting) await c.connect();
    const plans: (number | 'during the insert')[] = inserting.length
      ? [0.2, 0.4, 0.6, 0.7, 0.8, 0.9, 1, 'during the insert']
      : [0.3, 0.6, 0.8, 0.9, 1]; // (fewer on PGlite: every step there takes seconds)
    const outcomes: { kill: string; answered: boolean; found: number }[] = [];
    for (const plan of plans) {
      const u = await signUp(s);
      const readings = tenThousand(u.id);
      const sending = s
        .api()
        .post(`/users/${u.id}/health/metrics`)
        .set(u.auth)
        .send({ readings })
        .then(
          (res) => res.status,
          () => 'no answer' as const,
        );
      let kill: string;
      if (plan === 'during the insert') {
        await waitFor(
          async () => {
            const { rows } = await inserting[0].query(
              `select 1 from pg_stat_activity where datname = current_database() and state = 'active'
               and query like '%insert into health_metrics%' and pid <> pg_backend_pid()`,
            );
            return rows.length ? true : undefined;
          },
          'the insert to run',
          30_000,
        );
        kill = plan;
      } else {
        await new Promise((r) => setTimeout(r, Math.round(took * plan)));
        kill = `after ${Math.round(took * plan)} ms`;
      }
      await s.kill();
      const answer = await sending;

      s = await spawnServer({ ...db.env, WORKERS: '1' });
      const found = (await allReadings(s, u)).length;
      outcomes.push({ kill, answered: answer === 200, found });
      expect([0, 10_000]).toContain(found);
      if (answer === 200) expect(found).toBe(10_000);

      // The client retries the same batch: exactly the missing readings are created.
      const retry = await s.api().post(`/users/${u.id}/health/metrics`).set(u.auth).send({ readings });
      expect(retry.status).toBe(200);
      expect(retry.body.created).toHaveLength(10_000 - found);
      expect(retry.body.skipped_count).toBe(found);
      expect((await allReadings(s, u)).length).toBe(10_000);
      // The per-day rollup (written in the same statement) counts each reading once: day one's
      // 1,440 readings (values 0..1439) sum to 1,036,080 steps.
      const day = await s.api().get(`/users/${u.id}/days/2026-01-01`).set(u.auth);
      expect(day.status).toBe(200);
      expect(day.body.steps).toBe(1_036_080);
    }
    for (const c of inserting) await c.end();
    measured('kill -9 outcomes', outcomes);
    expect(await s.stop()).toBe(0);
  } finally {
    await s.kill();
  }
}, 400_000);

test('queued background jobs survive a restart: captures sent to a server without workers are parsed by the next one', async () => {
  const producer = await spawnServer({ ...db.env, WORKERS: '0' });
  let u: TestUser;
  const ids: string[] = [];
  try {
    u = await signUp(producer);
    for (let i = 0; i < 6; i++) {
      const res = await producer
        .api()
        .post(`/users/${u.id}/log-captures`)
        .set(u.auth)
        .send({ text: `weight 7${i}.5 kg` });
      expect(res.status).toBe(201);
      expect(res.body.status).toBe('queued');
      ids.push(res.body.id);
    }
    expect(await producer.stop()).toBe(0);
  } finally {
    await producer.kill();
  }

  const worker = await spawnServer({ ...db.env, WORKERS: '1' });
  try {
    for (const [i, id] of ids.entries()) {
      const done = await waitParsed(worker, u!, id, 60_000);
      expect(done.status).toBe('parsed');
      expect(done.suggestions).toHaveLength(1);
      expect(done.suggestions[0].payload).toMatchObject({ metric_type_slug: 'weight', value: Number(`7${i}.5`) });
    }
    // The jobs themselves survived: the start-up sweep (which re-sends the job of a queued capture
    // whose job is gone) found every one still queued and re-sent none.
    expect(worker.logs()).not.toContain('queued unfinished captures again');
    expect(await worker.stop()).toBe(0);
  } finally {
    await worker.kill();
  }
}, 180_000);
