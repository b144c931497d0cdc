import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import pg from 'pg';
import { killAll, processDatabase, spawnServer, type ServerProcess } from '../helpers/process.ts';
import { signUp, type TestUser } from '../helpers/users.ts';
import { waitParsed } from '../captures/flow.ts';
import { allReadings } from '../metrics/support.ts';

/**
 * Several instances: two server processes (as `npm start` runs them, WORKERS=1 each, so both run job
 * workers) on one PostgreSQL database, as a deployment behind a load balancer would run them.
 * Everything the service promises about duplicates must hold across the two, not only inside one
 * process. The embedded database is served by one process only: on it, a second server is
 * refused (and the first keeps serving), which is what the last block checks.
 */
const onPostgres = process.env.DATABASE_URL ? describe : describe.skip;
const onEmbedded = process.env.DATABASE_URL ? describe.skip : describe;

onPostgres('two server processes on one PostgreSQL database', () => {
  let db: Awaited<ReturnType<typeof processDatabase>>;
  let one: ServerProcess;
  let two: ServerProcess;
  let u: TestUser;

  beforeAll(async () => {
    db = await processDatabase('empty');
    // Both start at once on the empty database: the migrations and pg-boss's schema race too.
    [one, two] = await Promise.all([spawnServer({ ...db.env, WORKERS: '1' }), spawnServer({ ...db.env, WORKERS: '1' })]);
    u = await signUp(one);
  }, 180_000);
  afterAll(async () => {
    try {
      if (one) expect(await one.stop()).toBe(0);
      if (two) expect(await two.stop()).toBe(0);
    } finally {
      await killAll();
      await db?.drop();
    }
  }, 60_000);

  test('both came up on the empty database at once, and a session from one is valid on the other', async () => {
    expect((await one.api().get('/readyz')).status).toBe(200);
    expect((await two.api().get('/readyz')).status).toBe(200);
    const me = await two.api().get('/auth/me').set(u.auth);
    expect(me.status).toBe(200);
    expect(me.body.id).toBe(u.id);
  });

  test('overlapping batches ingested through both at once: each source_id stored once, counts add up, the day rollup counts each once', async () => {
    const DAY0 = Date.UTC(2026, 0, 1);
    const batch = (round: number, from: number, to: number) =>
      Array.from({ length: to - from }, (_, k) => {
        const i = from + k;
        return {
          metric_type_slug: 'steps',
          recorded_at: new Date(DAY0 + i * 60_000).toISOString(),
          source: 'watch',
          source_id: `r${round}-${i}`,
          value: i,
        };
      });
    const rounds = 3;
    for (let round = 0; round < rounds; round++) {
      // 0..5999 to one, 4000..9999 to two: 2,000 readings are in both batches.
      const [a, b] = await Promise.all([
        one
          .api()
          .post(`/users/${u.id}/health/metrics`)
          .set(u.auth)
          .send({ readings: batch(round, 0, 6000) }),
        two
          .api()
          .post(`/users/${u.id}/health/metrics`)
          .set(u.auth)
          .send({ readings: batch(round, 4000, 10_000) }),
      ]);
      expect([a.status, b.status]).toEqual([200, 200]);
      expect(a.body.created.length + b.body.created.length).toBe(10_000);
      expect(a.body.skipped_count + b.body.skipped_count).toBe(2000);
      const ids = [...a.body.created, ...b.body.created].map((r: { source_id: string }) => r.source_id);
      expect(new Set(ids).size).toBe(10_000);
    }
    const stored = await allReadings(two, u);
    expect(stored).toHaveLength(rounds * 10_000);
    expect(new Set(stored.map((r) => r.source_id)).size).toBe(rounds * 10_000);
    // Day one holds readings 0..1439 of each round: 1,036,080 steps per round, counted once each.
    const day = await one.api().get(`/users/${u.id}/days/2026-01-01`).set(u.auth);
    expect(day.body.steps).toBe(rounds * 1_036_080);
  });

  test('the same event create (one client_id) sent to both at once: one 201, one 200 with the same event', async () => {
    const post = (s: ServerProcess, body: object) => s.api().post(`/users/${u.id}/events`).set(u.auth).send(body);
    const clientIds = Array.from({ length: 10 }, () => randomUUID());
    for (const client_id of clientIds) {
      const body = { client_id, notes: 'twice', tags: ['instances'], occurred_at: '2026-02-01T10:00:00Z' };
      const [a, b] = await Promise.all([post(one, body), post(two, body)]);
      expect([a.status, b.status].sort()).toEqual([200, 201]);
      expect(a.body).toEqual(b.body);
    }
    // The same key with different bodies at once: one wins, the other is told it is a reused key.
    const client_id = randomUUID();
    const [a, b] = await Promise.all([post(one, { client_id, notes: 'one' }), post(two, { client_id, notes: 'two' })]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);

    const list = await two.api().get(`/users/${u.id}/events?tag=instances&limit=500`).set(u.auth);
    expect(list.body.map((e: { client_id: string }) => e.client_id).sort()).toEqual([...clientIds].sort());
  });

  test('the same capture client_id sent to both at once: one capture, parsed once', async () => {
    const client_id = randomUUID();
    const body = { client_id, text: 'weight 71.2 kg', captured_at: '2026-02-02T08:00:00Z' };
    const [a, b] = await Promise.all([
      one.api().post(`/users/${u.id}/log-captures`).set(u.auth).send(body),
      two.api().post(`/users/${u.id}/log-captures`).set(u.auth).send(body),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 201]);
    expect(a.body.id).toBe(b.body.id);
    const done = await waitParsed(one, u, a.body.id, 60_000);
    expect(done.status).toBe('parsed');
    expect(done.suggestions).toHaveLength(1);
  });

  test('captures sent through both are each parsed exactly once by the two sets of workers', async () => {
    const v = await signUp(two);
    const n = 30;
    const sent = await Promise.all(
      Array.from({ length: n }, (_, i) =>
        (i % 2 ? one : two)
          .api()
          .post(`/users/${v.id}/log-captures`)
          .set(v.auth)
          .send({ text: `weight ${60 + i}.5 kg` }),
      ),
    );
    expect(sent.map((r) => r.status)).toEqual(Array(n).fill(201));
    for (const [i, res] of sent.entries()) {
      const done = await waitParsed(i % 2 ? two : one, v, res.body.id, 60_000);
      expect(done.status).toBe('parsed');
      expect(done.suggestions).toHaveLength(1);
      expect(done.suggestions[0].payload.value).toBe(60 + i + 0.5);
    }
    // Not one duplicate suggestion: exactly one per capture in the user's inbox.
    const inbox = await one.api().get(`/users/${v.id}/suggestions?limit=500`).set(v.auth);
    expect(inbox.body.pending_count).toBe(n);
    const perCapture = new Map<string, number>();
    for (const s of inbox.body.suggestions)
      perCapture.set(s.provenance.log_capture_id, (perCapture.get(s.provenance.log_capture_id) ?? 0) + 1);
    expect([...perCapture.values()]).toEqual(Array(n).fill(1));
  });
});

onEmbedded('one server process on an embedded data dir', () => {
  let db: Awaited<ReturnType<typeof processDatabase>>;
  let one: ServerProcess;

  beforeAll(async () => {
    db = await processDatabase('migrated');
    one = await spawnServer(db.env);
  }, 120_000);
  afterAll(async () => {
    try {
      if (one) expect(await one.stop()).toBe(0);
    } finally {
      await killAll();
      await db?.drop();
    }
  }, 60_000);

  test('a second server on the same data dir stops at start with a message saying why; the first keeps serving', async () => {
    await expect(spawnServer(db.env, { timeoutMs: 60_000 })).rejects.toThrow(/already served by another process/);
    expect((await one.api().get('/readyz')).status).toBe(200);
  });

  test('a long statement in the embedded database does not hold the server: requests that need no database answer meanwhile', async () => {
    // The database runs in its own thread (src/db/embedded-worker.ts); on the server's main thread
    // this statement would hold every request until it finished.
    const client = new pg.Client({ host: join(db.env.PGLITE_DIR), port: 5432, user: 'postgres', database: 'postgres' });
    await client.connect();
    try {
      const order: string[] = [];
      const long = client.query('select count(*) from generate_series(1, 10000000)').then(() => order.push('long statement'));
      await new Promise((resolve) => setTimeout(resolve, 300));
      const health = await one.api().get('/healthz');
      order.push('healthz');
      expect(health.status).toBe(200);
      await long;
      expect(order).toEqual(['healthz', 'long statement']);
    } finally {
      await client.end();
    }
  }, 120_000);
});
