import { waitFor } from '../captures/wait.ts';
import { startStandbyPair, type StandbyPair } from '../helpers/standby.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { signUp, type TestUser } from '../helpers/users.ts';

/**
 * Read replicas on a real streaming hot standby (test/helpers/standby.ts): two instances of the
 * service on one primary with the standby as DATABASE_REPLICA_URLS. Reads go to the replica when it
 * holds the caller's writes, and to the primary otherwise (replay paused, the caller's version
 * ahead, the replica stopped), which the replica set's counts of reads and statements per server
 * show; a client never sees its own data stale and never gets an error for it.
 */
const onPostgres = process.env.DATABASE_URL ? describe : describe.skip;

onPostgres('read replicas', () => {
  let pair: StandbyPair;
  let a: TestServer;
  let b: TestServer;
  let user: TestUser;

  const start = (pairUrls: StandbyPair) =>
    startTestServer({
      databaseUrl: pairUrls.primaryUrl,
      replicas: { urls: [pairUrls.replicaUrl], maxLagMs: 1000, checkMs: 100 },
    });
  const stats = (s: TestServer) => s.replicas!.stats();
  const replicaReads = (s: TestServer) => stats(s).replicas[0].reads;
  const healthy = (s: TestServer) => stats(s).replicas[0].healthy;
  const events = async (s: TestServer) => {
    const res = await s.api().get(`/users/${user.id}/events`).set(user.auth);
    expect(res.status).toBe(200);
    return (res.body as { notes: string | null }[]).map((e) => e.notes);
  };
  const logEvent = async (s: TestServer, notes: string) => {
    const res = await s.api().post(`/users/${user.id}/events`).set(user.auth).send({ notes });
    expect(res.status).toBe(201);
  };
  const untilHealthy = (s: TestServer) => waitFor(async () => (healthy(s) ? true : undefined), 'the replica to be used again', 30_000);

  beforeAll(async () => {
    pair = await startStandbyPair({ database: 'replicas' });
    a = await start(pair);
    b = await start(pair);
    user = await signUp(a);
    await pair.waitCaughtUp();
    await untilHealthy(a);
    await untilHealthy(b);
  }, 120_000);

  afterAll(async () => {
    await a?.stop();
    await b?.stop();
    await pair?.stop();
  });

  test("a read is served by the replica when it holds the caller's writes: its statements go there", async () => {
    await logEvent(a, 'first');
    await pair.waitCaughtUp();
    const before = { reads: replicaReads(b), statements: stats(b).replicas[0].statements, primary: stats(b).primaryReads };
    for (let i = 0; i < 5; i++) expect(await events(b)).toEqual(['first']);
    expect(replicaReads(b) - before.reads).toBe(5);
    expect(stats(b).replicas[0].statements).toBeGreaterThan(before.statements + 5);
    expect(stats(b).primaryReads).toBe(before.primary);
    // A GraphQL query is a read too; a mutation is not.
    const query = await b.api().post('/graphql').set(user.auth).send({ query: '{ me { events(limit: 10) { notes } } }' });
    expect(query.body.data.me.events).toEqual([{ notes: 'first' }]);
    expect(replicaReads(b) - before.reads).toBe(6);
  });

  test('a write then an immediate read through the other instance sees the write while replay is paused', async () => {
    await pair.pauseReplay();
    try {
      await logEvent(a, 'while paused');
      const primaryBefore = stats(b).primaryReads;
      expect(await events(b)).toEqual(['while paused', 'first']);
      expect(stats(b).primaryReads).toBe(primaryBefore + 1);
      // GraphQL too: the query goes to the primary, the mutation's write is seen at once.
      const gql = await b.api().post('/graphql').set(user.auth).send({ query: '{ me { events(limit: 10) { notes } } }' });
      expect(gql.body.data.me.events.map((e: { notes: string }) => e.notes)).toEqual(['while paused', 'first']);
      // The replica was not asked to serve it: it does not have the write.
      const standby = await pair.replayLsn();
      expect(standby < (await pair.primaryLsn()) || standby.length !== (await pair.primaryLsn()).length).toBe(true);
    } finally {
      await pair.resumeReplay();
    }
    await pair.waitCaughtUp();
    // A pause past the lag bound has the replica skipped until its next check finds it caught up.
    await untilHealthy(b);
    const reads = replicaReads(b);
    expect(await events(b)).toEqual(['while paused', 'first']);
    expect(replicaReads(b)).toBe(reads + 1);
  });

  test('a replica lagging past the bound is skipped, then used again once it has caught up', async () => {
    await pair.pauseReplay();
    try {
      await logEvent(a, 'lagging');
      await waitFor(async () => (healthy(b) ? undefined : true), 'the lagging replica to be skipped', 30_000);
      expect(await events(b)).toEqual(['lagging', 'while paused', 'first']);
    } finally {
      await pair.resumeReplay();
    }
    await untilHealthy(b);
    const reads = replicaReads(b);
    expect(await events(b)).toEqual(['lagging', 'while paused', 'first']);
    expect(replicaReads(b)).toBe(reads + 1);
  });

  test('a client that asks for a version the replica does not have yet is served by the primary', async () => {
    const primary = stats(b).primaryReads;
    const res = await b.api().get(`/users/${user.id}/events`).set(user.auth).set('X-Min-Version', '999999999');
    expect(res.status).toBe(200);
    expect(stats(b).primaryReads).toBe(primary + 1);
  });

  test('a stopped replica changes nothing for clients: reads go to the primary, and back once it returns', async () => {
    await pair.stopReplica();
    try {
      for (let i = 0; i < 3; i++) expect(await events(b)).toEqual(['lagging', 'while paused', 'first']);
      await waitFor(async () => (healthy(b) ? undefined : true), 'the stopped replica to be skipped', 30_000);
      // Operators see it: the replica's gauge is 0, and the primary's count of reads served grows.
      const metrics = (await b.api().get('/metrics')).text;
      expect(metrics).toMatch(/^db_replica_healthy\{replica="postgresql:\/\/127\.0\.0\.1:\d+\/replicas"\} 0$/m);
      expect(metrics).toMatch(/^db_reads_served\{server="primary"\} [1-9]\d*$/m);
      expect(stats(b).replicas[0].reason).toMatch(/^not answering/);
      await logEvent(a, 'replica down');
      expect(await events(b)).toEqual(['replica down', 'lagging', 'while paused', 'first']);
    } finally {
      await pair.startReplica();
    }
    await pair.waitCaughtUp();
    await untilHealthy(b);
    const reads = replicaReads(b);
    expect(await events(b)).toEqual(['replica down', 'lagging', 'while paused', 'first']);
    expect(replicaReads(b)).toBe(reads + 1);
  });

  test('the changes feed never skips a change when pages come from the replica and the primary in turn', async () => {
    type Page = { changes: { type: string; id: string }[]; next_cursor: string; has_more: boolean };
    const feed = async (s: TestServer, since?: string): Promise<Page> => {
      const res = await s
        .api()
        .get(`/users/${user.id}/changes`)
        .query({ ...(since ? { since } : {}), limit: 2 })
        .set(user.auth);
      expect(res.status).toBe(200);
      return res.body as Page;
    };
    const seen: string[] = [];
    let cursor: string | undefined;
    const drain = async (s: TestServer) => {
      for (;;) {
        const page = await feed(s, cursor);
        seen.push(...page.changes.map((c) => `${c.type}:${c.id}`));
        cursor = page.next_cursor;
        if (!page.has_more) return;
      }
    };
    await pair.waitCaughtUp();
    const before = replicaReads(b);
    await drain(b);
    expect(replicaReads(b)).toBeGreaterThan(before);
    await pair.pauseReplay();
    try {
      for (const notes of ['f1', 'f2', 'f3']) await logEvent(a, notes);
      await drain(b);
    } finally {
      await pair.resumeReplay();
    }
    await pair.waitCaughtUp();
    await logEvent(a, 'f4');
    await pair.waitCaughtUp();
    await drain(b);
    const all: string[] = [];
    let c: string | undefined;
    for (;;) {
      const res = await a
        .api()
        .get(`/users/${user.id}/changes`)
        .query({ ...(c ? { since: c } : {}), limit: 500 })
        .set(user.auth);
      all.push(...(res.body as Page).changes.map((x) => `${x.type}:${x.id}`));
      c = (res.body as Page).next_cursor;
      if (!(res.body as Page).has_more) break;
    }
    // Each change once, none missing (a resource changed twice appears at its latest place in either walk).
    expect(new Set(seen)).toEqual(new Set(all));
  });
});
