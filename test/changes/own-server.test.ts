import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { withIsolatedServer, type IsolatedServer } from '../helpers/server.ts';
import { signUp, type TestUser } from '../helpers/users.ts';

/**
 * The changes feed where a test needs the server's own database and jobs: no change is ever
 * skipped (versions are numbered at commit, in commit order per user: the changes migration),
 * and tombstones leave after CHANGES_RETENTION_DAYS.
 */
let server: IsolatedServer;
let u: TestUser;
withIsolatedServer((f) => ({ server, owner: u } = f));

const onPostgres = process.env.DATABASE_URL ? test : test.skip;

type Change = { type: string; id: string; op: 'upsert' | 'delete'; version: number; data: Record<string, unknown> | null };

/** A client of the feed: follows next_cursor and keeps every change it was given. */
function follower(user: TestUser) {
  let cursor: string | undefined;
  const seen: Change[] = [];
  return {
    seen,
    async poll(limit = 7): Promise<void> {
      for (;;) {
        const res = await server
          .api()
          .get(`/users/${user.id}/changes`)
          .query({ ...(cursor ? { since: cursor } : {}), limit, types: 'event' })
          .set(user.auth);
        expect(res.status).toBe(200);
        seen.push(...res.body.changes);
        cursor = res.body.next_cursor;
        if (!res.body.has_more) return;
      }
    },
    /** Applies every change it saw in order: the events a client would hold. */
    state(): Map<string, Record<string, unknown>> {
      const held = new Map<string, Record<string, unknown>>();
      for (const c of seen) {
        if (c.op === 'delete') held.delete(c.id);
        else held.set(c.id, c.data!);
      }
      return held;
    },
  };
}

test('four writers and a polling reader: the reader ends with exactly what the server has, every version once and in order', async () => {
  const reader = follower(u);
  await reader.poll();
  let writing = true;
  const writer = async (w: number) => {
    for (let i = 0; i < 12; i++) {
      const created = await server
        .api()
        .post(`/users/${u.id}/events`)
        .set(u.auth)
        .send({ notes: `w${w} #${i}` });
      expect(created.status).toBe(201);
      if (i % 3 === 1) {
        const patched = await server
          .api()
          .patch(`/users/${u.id}/events/${created.body.id}`)
          .set(u.auth)
          .send({ notes: `w${w} #${i} edited` });
        expect(patched.status).toBe(200);
      }
      if (i % 4 === 2) expect((await server.api().delete(`/users/${u.id}/events/${created.body.id}`).set(u.auth)).status).toBe(204);
    }
  };
  const polling = (async () => {
    while (writing) await reader.poll(5);
  })();
  await Promise.all([0, 1, 2, 3].map(writer));
  writing = false;
  await polling;
  await reader.poll();

  const versions = reader.seen.map((c) => c.version);
  expect(new Set(versions).size).toBe(versions.length);
  expect(versions).toEqual([...versions].sort((a, b) => a - b));

  const truth = (await server.api().get(`/users/${u.id}/events`).query({ limit: 500 }).set(u.auth)).body as Record<string, unknown>[];
  expect(truth).toHaveLength(4 * 9);
  const held = reader.state();
  expect(held).toEqual(new Map(truth.map((e): [string, Record<string, unknown>] => [e.id as string, e])));
});

onPostgres('a transaction that commits after a later one is still read: the cursor never passes an open transaction', async () => {
  const reader = follower(u);
  await reader.poll();
  const db = new pg.Client({ connectionString: server.databaseUrl });
  await db.connect();
  try {
    const slow = randomUUID();
    await db.query('begin');
    await db.query(
      `insert into events (id, user_id, occurred_at, local_date, notes, source, created_at, updated_at)
       values ($1, $2, now(), current_date, 'slow writer', 'user', now(), now())`,
      [slow, u.id],
    );
    // A later writer commits first, and the reader reads past it while the first is still open.
    const fast = await server.api().post(`/users/${u.id}/events`).set(u.auth).send({ notes: 'fast writer' });
    await reader.poll();
    expect(reader.seen.map((c) => c.id)).toContain(fast.body.id);
    expect(reader.seen.map((c) => c.id)).not.toContain(slow);

    await db.query('commit');
    await reader.poll();
    const last = reader.seen.at(-1)!;
    expect(last).toMatchObject({ id: slow, op: 'upsert', data: expect.objectContaining({ notes: 'slow writer' }) });
  } finally {
    await db.end();
  }
});

test('deletions are kept CHANGES_RETENTION_DAYS; after the prune job a cursor from before them answers 410 resync_required, a fresh read works', async () => {
  const user = await signUp(server);
  const early = (await server.api().get(`/users/${user.id}/changes`).set(user.auth)).body.next_cursor as string;
  const ev = await server.api().post(`/users/${user.id}/events`).set(user.auth).send({ notes: 'short-lived' });
  await server.api().delete(`/users/${user.id}/events/${ev.body.id}`).set(user.auth);
  const afterDelete = (await server.api().get(`/users/${user.id}/changes`).query({ since: early }).set(user.auth)).body;
  expect(afterDelete.changes).toEqual([expect.objectContaining({ id: ev.body.id, op: 'delete', data: null })]);

  // 29 days on the tombstone stays; at 31 the hourly job drops it.
  const age = (days: number) =>
    server.sql(`update changes set changed_at = now() - make_interval(days => $2) where user_id = $1 and op = 'delete'`, [user.id, days]);
  const prune = async () => {
    const id = (await server.queueJob('changes.prune', {})) as string | null;
    for (let i = 0; i < 200; i++) {
      // What the job runtime's getJobById() reads.
      const [job] = await server.sql<{ state: string; output: unknown }>(
        `select state, output from pgboss.job where name = $1 and id = $2`,
        ['changes.prune', id!],
      );
      if (job?.state === 'completed') return;
      if (job?.state === 'failed') throw new Error(`prune failed: ${JSON.stringify(job.output)}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('prune did not run');
  };
  await age(29);
  await prune();
  expect((await server.api().get(`/users/${user.id}/changes`).query({ since: early }).set(user.auth)).status).toBe(200);

  await age(31);
  await prune();
  const gone = await server.api().get(`/users/${user.id}/changes`).query({ since: early }).set(user.auth);
  expect(gone.status).toBe(410);
  expect(gone.body).toEqual({ detail: expect.stringContaining('CHANGES_RETENTION_DAYS'), resync_required: true });
  // The cursor from after the deletion is still good, and so is starting over.
  expect((await server.api().get(`/users/${user.id}/changes`).query({ since: afterDelete.next_cursor }).set(user.auth)).status).toBe(200);
  const fresh = await server.api().get(`/users/${user.id}/changes`).set(user.auth);
  expect(fresh.status).toBe(200);
  expect(fresh.body.changes.map((c: { id: string }) => c.id)).not.toContain(ev.body.id);
  // Another user's feed is untouched by this user's prune.
  expect((await server.api().get(`/users/${u.id}/changes`).set(u.auth)).status).toBe(200);
});
