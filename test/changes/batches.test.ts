import { withIsolatedServer, type IsolatedServer } from '../helpers/server.ts';
import { expect422 } from '../helpers/expect.ts';
import { signUp, type TestUser } from '../helpers/users.ts';
import { ingestOk, reading } from '../metrics/support.ts';

/**
 * Readings (and location samples) are in the changes feed by the transaction that wrote them (the
 * batched_changes migration): one entry per batch, read as an upsert of each row still in it. The
 * feed gives the same guarantees as for every other resource: each reading once, at its newest
 * version, nothing skipped across pages or concurrent writers, tombstones for deletes. Rows are
 * written again and deleted here with SQL, as any writer may (no route edits a reading).
 */
let server: IsolatedServer;
withIsolatedServer((f) => ({ server } = f));

type Change = { type: string; id: string; op: 'upsert' | 'delete'; version: number; data: Record<string, unknown> | null };
type Page = { changes: Change[]; next_cursor: string; has_more: boolean };

async function page(user: TestUser, query: Record<string, string | number>): Promise<Page> {
  const res = await server.api().get(`/users/${user.id}/changes`).query(query).set(user.auth);
  expect(res.status).toBe(200);
  return res.body as Page;
}

/** Follows the readings' feed from `since` to its end in pages of `limit`, checking each page's size. */
async function readAll(user: TestUser, since?: string, limit = 500): Promise<{ changes: Change[]; cursor: string; pages: number }> {
  const all: Change[] = [];
  let cursor = since;
  for (let pages = 1; ; pages++) {
    const p = await page(user, { ...(cursor ? { since: cursor } : {}), limit, types: 'health_metric' });
    expect(p.changes.length).toBeLessThanOrEqual(limit);
    all.push(...p.changes);
    cursor = p.next_cursor;
    if (!p.has_more) return { changes: all, cursor, pages };
  }
}

const readings = (n: number, tag: string) =>
  Array.from({ length: n }, (_, i) =>
    reading({ source_id: `${tag}-${i}`, value: i, recorded_at: new Date(Date.UTC(2026, 2, 1, 0, i)).toISOString() }),
  );

/** What a client following the feed holds: each change applied in order. */
function held(changes: Change[]): Map<string, Record<string, unknown>> {
  const state = new Map<string, Record<string, unknown>>();
  for (const c of changes) {
    if (c.op === 'delete') state.delete(c.id);
    else state.set(c.id, c.data!);
  }
  return state;
}

test('readings written together are one entry of the feed and one version; pages smaller than the batch give each once, in id order', async () => {
  const user = await signUp(server);
  const start = await readAll(user);
  const { created } = await ingestOk(server, user, readings(23, 'walk'));

  const read = await readAll(user, start.cursor, 5);
  expect(read.pages).toBe(5);
  const ids = read.changes.map((c) => c.id);
  expect(ids).toEqual(created.map((r) => r.id).sort());
  expect(new Set(read.changes.map((c) => c.version)).size).toBe(1);
  expect(read.changes.every((c) => c.op === 'upsert' && c.type === 'health_metric')).toBe(true);
  // Each as the readings list shows it.
  const listed = (await server.api().get(`/users/${user.id}/health/metrics`).query({ limit: 100 }).set(user.auth)).body as { id: string }[];
  expect(held(read.changes)).toEqual(new Map(listed.map((r): [string, Record<string, unknown>] => [r.id, r])));
  // The feed keeps one row for the batch, not one per reading.
  const [stored] = await server.sql<{ n: number }>(`select count(*)::int as n from changes where user_id = $1 and type = 'health_metric'`, [
    user.id,
  ]);
  expect(stored.n).toBe(1);
  // Read to its end, the cursor stays there.
  expect((await page(user, { since: read.cursor, types: 'health_metric' })).changes).toEqual([]);
});

test('a reading written again moves to the newer version and is reported once; a deleted one is a tombstone until it comes back', async () => {
  const user = await signUp(server);
  const { created } = await ingestOk(server, user, readings(6, 'run'));
  const [edited, removed] = created.map((r) => r.id).sort();
  const first = await readAll(user);
  const batchVersion = first.changes[0].version;

  await server.sql(`update health_metrics set value = 42 where id = $1`, [edited]);
  const afterEdit = await readAll(user, first.cursor);
  expect(afterEdit.changes).toEqual([expect.objectContaining({ id: edited, op: 'upsert', data: expect.objectContaining({ value: 42 }) })]);
  expect(afterEdit.changes[0].version).toBeGreaterThan(batchVersion);
  const fromStart = await readAll(user);
  expect(fromStart.changes.filter((c) => c.id === edited)).toHaveLength(1);
  expect(fromStart.changes).toHaveLength(6);

  const columns = `id, user_id, recorded_at, value, created_at, reading_group_id, local_date, metric_type_id, source_no, source_uuid, source_id, metadata`;
  await server.sql(`create table kept_reading as select ${columns} from health_metrics where id = $1`, [removed]);
  await server.sql(`delete from health_metrics where id = $1`, [removed]);
  const afterDelete = await readAll(user, afterEdit.cursor);
  expect(afterDelete.changes).toEqual([expect.objectContaining({ id: removed, op: 'delete', data: null })]);

  // Back under its id (a restore): an upsert again, and the tombstone is gone from the feed.
  await server.sql(`insert into health_metrics (${columns}) select ${columns} from kept_reading`);
  await server.sql(`drop table kept_reading`);
  const afterReturn = await readAll(user, afterDelete.cursor);
  expect(afterReturn.changes).toEqual([expect.objectContaining({ id: removed, op: 'upsert' })]);
  const again = await readAll(user);
  expect(again.changes.filter((c) => c.id === removed)).toEqual([expect.objectContaining({ op: 'upsert' })]);
  expect(held(again.changes).size).toBe(6);
});

test('a cursor inside a batch whose other rows moved on reads them at their new version, none twice or lost; an empty batch is pruned', async () => {
  const user = await signUp(server);
  const start = await readAll(user);
  const { created } = await ingestOk(server, user, readings(10, 'swim'));
  const firstPage = await page(user, { since: start.cursor, limit: 4, types: 'health_metric' });
  expect(firstPage.has_more).toBe(true);
  const rest = created
    .map((r) => r.id)
    .sort()
    .slice(4);
  await server.sql(`update health_metrics set value = value + 100 where id = any($1)`, [rest]);

  const after = await readAll(user, firstPage.next_cursor, 3);
  expect(after.changes.map((c) => c.id)).toEqual(rest);
  expect(after.changes.every((c) => c.version > firstPage.changes[0].version)).toBe(true);
  expect(held([...firstPage.changes, ...after.changes]).size).toBe(10);

  // All of the first batch's rows moved: the hourly prune drops its entry, and the old cursor still reads on.
  await server.sql(`update health_metrics set value = value + 100 where id = any($1)`, [firstPage.changes.map((c) => c.id)]);
  const count = async () =>
    (await server.sql<{ n: number }>(`select count(*)::int as n from changes where user_id = $1 and type = 'health_metric'`, [user.id]))[0]
      .n;
  expect(await count()).toBe(3);
  await runJob('changes.prune');
  expect(await count()).toBe(2);
  const resumed = await readAll(user, firstPage.next_cursor);
  expect(resumed.changes.map((c) => c.id).sort()).toEqual(created.map((r) => r.id).sort());
});

test('a cursor naming a row of another shape than its batch is refused at since', async () => {
  const user = await signUp(server);
  const start = await readAll(user);
  await ingestOk(server, user, readings(3, 'row'));
  const inside = await page(user, { since: start.cursor, limit: 1, types: 'health_metric' });
  const [prefix, owner, version] = Buffer.from(inside.next_cursor, 'base64url').toString().split(':');
  const forged = Buffer.from([prefix, owner, version, 'not-a-reading'].join(':')).toString('base64url');
  expect422(await server.api().get(`/users/${user.id}/changes`).query({ since: forged }).set(user.auth), ['query', 'since']);
});

test('four writers of readings and a polling reader: the reader ends with exactly the readings the server has', async () => {
  const user = await signUp(server);
  const start = await readAll(user);
  let cursor = start.cursor;
  const seen: Change[] = [];
  let writing = true;
  const polling = (async () => {
    while (writing) {
      const read = await readAll(user, cursor, 7);
      seen.push(...read.changes);
      cursor = read.cursor;
    }
  })();
  await Promise.all(
    [0, 1, 2, 3].map(async (w) => {
      for (let i = 0; i < 6; i++) {
        const { created } = await ingestOk(server, user, readings(9, `w${w}-${i}`));
        if (i % 2 === 1) await server.sql(`update health_metrics set value = -1 where id = $1`, [created[0].id]);
        if (i % 3 === 2) await server.sql(`delete from health_metrics where id = $1`, [created[1].id]);
      }
    }),
  );
  writing = false;
  await polling;
  seen.push(...(await readAll(user, cursor, 7)).changes);

  const versions = seen.map((c) => c.version);
  expect(versions).toEqual([...versions].sort((a, b) => a - b));
  const listed = (await server.api().get(`/users/${user.id}/health/metrics`).query({ limit: 500 }).set(user.auth)).body as { id: string }[];
  expect(listed).toHaveLength(4 * 6 * 9 - 4 * 2);
  expect(held(seen)).toEqual(new Map(listed.map((r): [string, Record<string, unknown>] => [r.id, r])));
});

async function runJob(name: string): Promise<void> {
  const id = (await server.queueJob(name, {})) as string | null;
  for (let i = 0; i < 200; i++) {
    const [job] = await server.sql<{ state: string; output: unknown }>(`select state, output from pgboss.job where name = $1 and id = $2`, [
      name,
      id!,
    ]);
    if (job?.state === 'completed') return;
    if (job?.state === 'failed') throw new Error(`${name} failed: ${JSON.stringify(job.output)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${name} did not run`);
}
