import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { hashPassword } from '../../src/auth/passwords.ts';
import { em, withContext } from '../../src/db/context.ts';
import { embeddedUrl, startEmbedded } from '../../src/db/embedded.ts';
import { query } from '../../src/db/sql.ts';
import { copyOfTemplate, type DatabaseCopy } from '../helpers/databases.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { signUp, type TestUser } from '../helpers/users.ts';
import { expect422 } from '../helpers/expect.ts';
import { allReadings, ingest, ingestOk, reading, WHOLE_SORT } from './support.ts';

/**
 * How readings are stored (Migration20261128030000_storage): time-ordered ids from ingest, dedup
 * through a hash index that stays exact, the embedded database's own checkpoints, and the
 * migration on a database that already holds readings.
 */
const V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const embedded = !process.env.DATABASE_URL;

const OLD = { email: 'old@example.com', password: 'an old long password' };

/** The account of a database from before, written straight into it. */
async function addOldUser(c: pg.Client, userId: string): Promise<void> {
  await c.query(`insert into users (id, email, email_key, password_hash, created_at, updated_at) values ($1, $2, $2, $3, now(), now())`, [
    userId,
    OLD.email,
    await hashPassword(OLD.password),
  ]);
}

/**
 * A migrated copy taken back by `prepare` (a client on it, before any server has run on it), then
 * a server on it, whose start runs the migrations again, and the old account signed in.
 */
async function upgraded(
  database: DatabaseCopy,
  userId: string,
  prepare: (c: pg.Client) => Promise<void>,
): Promise<{ server: TestServer; u: TestUser }> {
  const embeddedDb = database.databaseUrl ? undefined : await startEmbedded(database.pgliteDir);
  const client = new pg.Client(database.databaseUrl ?? embeddedUrl(embeddedDb!));
  await client.connect();
  try {
    await prepare(client);
  } finally {
    await client.end();
    await embeddedDb?.close();
  }
  const server = await startTestServer({ databaseUrl: database.databaseUrl, pgliteDir: database.pgliteDir });
  const login = await server.api().post('/auth/login').send(OLD);
  expect(login.status).toBe(200);
  const u: TestUser = { id: userId, ...OLD, token: login.body.api_token, auth: { Authorization: `Bearer ${login.body.api_token}` } };
  return { server, u };
}

describe('on a new database', () => {
  let server: TestServer;
  const sql = <R>(text: string, params: unknown[] = []) => withContext(() => query<R>(text, params), server.db.orm);
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.stop());

  test('ingest gives version 7 ids, increasing in (source, source_id) order, the order rows are inserted and keys locked in', async () => {
    const u = await signUp(server);
    const keys = ['phone:b', 'watch:c', 'phone:a', 'watch:a', 'phone:c', 'watch:b'];
    const body = await ingestOk(
      server,
      u,
      keys.map((k, i) => reading({ source: k.split(':')[0], source_id: k.split(':')[1], value: i })),
    );
    const created = body.created as unknown as { id: string; source: string; source_id: string }[];
    for (const r of created) expect(r.id).toMatch(V7);
    expect([...created].sort((a, b) => (a.id < b.id ? -1 : 1)).map((r) => `${r.source}:${r.source_id}`)).toEqual([...keys].sort());
    // PostgreSQL orders them the same way.
    const stored = await sql<{ id: string }>(`select id::text as id from health_metrics where user_id = $1 order by id`, [u.id]);
    expect(stored.map((r) => r.id)).toEqual(created.map((r) => r.id).sort());
  });

  test("a batch's created_at is read from its ids' millisecond, not stored; a reading whose id does not say it keeps its own", async () => {
    const u = await signUp(server);
    const before = Date.now();
    const body = await ingestOk(
      server,
      u,
      Array.from({ length: 3000 }, (_, i) => reading({ source_id: `c-${i}`, value: i })),
    );
    const created = body.created as unknown as { id: string; created_at: string }[];
    const at = created[0].created_at;
    expect(Date.parse(at)).toBeGreaterThanOrEqual(before);
    expect(Date.parse(at)).toBeLessThanOrEqual(Date.now());
    // Every id of the batch carries that millisecond (its first 48 bits).
    for (const r of created) {
      expect(r.created_at).toBe(at);
      expect(parseInt(r.id.replace(/-/g, '').slice(0, 12), 16)).toBe(Date.parse(at));
    }
    const stored = await sql<{ n: number }>(`select count(created_at)::int as n from health_metrics where user_id = $1`, [u.id]);
    expect(stored).toEqual([{ n: 0 }]);
    // A row from before (a random id) and one whose created_at is not its id's time keep theirs.
    const v4 = randomUUID();
    const v7 = created[0].id.replace(/^.{8}/, '00000000');
    for (const [id, sourceId] of [
      [v4, 'old-a'],
      [v7, 'old-b'],
    ])
      await sql(
        `with s as (insert into reading_sources (user_id, no, source)
                      select $2, max(no) + 1, 'old' from reading_sources where user_id = $2
                      on conflict (user_id, source) do update set source = excluded.source returning no)
         insert into health_metrics (id, user_id, metric_type_id, recorded_at, local_date, value, source_no, source_id, created_at)
         select $1, $2, 1, '2020-05-01T10:00:00Z', '2020-05-01', 1, s.no, $3, '2020-05-02T11:22:33.456Z' from s`,
        [id, u.id, sourceId],
      );
    const old = (await server.api().get(`/users/${u.id}/health/metrics`).query({ source: 'old' }).set(u.auth)).body as {
      id: string;
      created_at: string;
    }[];
    expect(old.map((r) => [r.id, r.created_at]).sort()).toEqual([v4, v7].sort().map((id) => [id, '2020-05-02T11:22:33.456Z']));
    // The changes feed reads readings the same way.
    const feed = await server.api().get(`/users/${u.id}/changes`).query({ types: 'health_metric', limit: 5 }).set(u.auth);
    const fed = (feed.body.changes as { type: string; data: { created_at: string } }[]).filter((c) => c.type === 'health_metric');
    expect(fed.length).toBeGreaterThan(0);
    for (const c of fed) expect(c.data.created_at).toBe(at);
  });

  test('a source_id spelled as a uuid is stored in 16 bytes and read back as it was spelled; each spelling is its own key', async () => {
    const u = await signUp(server);
    const uuid = randomUUID();
    const spellings = [
      uuid.toUpperCase(),
      uuid,
      // Mixed case whatever the uuid's digits: an upper-case letter first, a lower-case one last.
      `A${uuid.slice(1, 35)}b`,
      '12345678-1234-1234-1234-123456789012',
      'x',
    ];
    const sent = spellings.map((source_id, value) => reading({ source: 'Health', source_id, value }));
    const first = await ingestOk(server, u, sent);
    expect(first.created.map((r) => r.source_id)).toEqual(spellings);
    const listed = await allReadings(server, u, '&source=Health');
    expect(listed.map((r) => [r.value, r.source, r.source_id]).sort()).toEqual(spellings.map((sid, v) => [v, 'Health', sid]));
    // Lower and upper case (digits only counts as lower) in the uuid column, the case in the number's sign; anything else as text.
    const stored = await sql<{ value: number; uuid: string | null; text: string | null; upper: boolean }>(
      `select value, source_uuid::text as uuid, source_id as text, source_no < 0 as upper from health_metrics where user_id = $1 order by value`,
      [u.id],
    );
    expect(stored).toEqual([
      { value: 0, uuid, text: null, upper: true },
      { value: 1, uuid, text: null, upper: false },
      { value: 2, uuid: null, text: spellings[2], upper: false },
      { value: 3, uuid: spellings[3], text: null, upper: false },
      { value: 4, uuid: null, text: 'x', upper: false },
    ]);
    expect(await ingestOk(server, u, sent)).toMatchObject({ created: [], skipped_count: 5 });
    // The same source_id in the other letter case is still a new reading.
    const other = await ingestOk(server, u, [reading({ source: 'Health', source_id: 'X' })]);
    expect(other.created).toHaveLength(1);
  });

  test("a user's sources are numbered 1, 2, … once each, even by concurrent batches; another user's sources are not theirs", async () => {
    const u = await signUp(server);
    const batches = Array.from({ length: 8 }, (_, k) => [
      reading({ source: 'shared', source_id: `s-${k}` }),
      reading({ source: `own ${k}`, source_id: `o-${k}` }),
    ]);
    const results = await Promise.all(batches.map((b) => ingestOk(server, u, b)));
    for (const r of results) expect(r.created).toHaveLength(2);
    const numbered = await sql<{ no: number; source: string }>(`select no, source from reading_sources where user_id = $1 order by no`, [
      u.id,
    ]);
    expect(numbered.map((n) => n.no)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(numbered.map((n) => n.source).sort()).toEqual(['shared', ...batches.map((_, k) => `own ${k}`)].sort());
    expect(await allReadings(server, u, '&source=shared')).toHaveLength(8);
    expect(await allReadings(server, u, '&source=own%203')).toEqual([expect.objectContaining({ source: 'own 3', source_id: 'o-3' })]);

    const other = await signUp(server);
    await ingestOk(server, other, [reading({ source: 'elsewhere', source_id: 'e-1' })]);
    expect(await allReadings(server, other, '&source=shared')).toEqual([]);
    expect(await allReadings(server, other)).toEqual([expect.objectContaining({ source: 'elsewhere' })]);
  });

  test('past 32,767 sources a new one is refused at its reading, and nothing of the batch is written', async () => {
    const u = await signUp(server);
    await sql(`insert into reading_sources (user_id, no, source) select $1, n, 'source ' || n from generate_series(1, 32767) n`, [u.id]);
    const res = await ingest(server, u, [
      reading({ source: 'source 7', source_id: 'a' }),
      reading({ source: 'one too many', source_id: 'b' }),
    ]);
    expect422(res, ['body', 'readings', 1, 'source']);
    expect(res.body.detail[0].msg).toMatch(/at most 32767 distinct sources/);
    expect(await allReadings(server, u)).toEqual([]);
    // Known sources still take readings.
    expect((await ingestOk(server, u, [reading({ source: 'source 32767', source_id: 'c' })])).created).toHaveLength(1);
  });

  test('dedup stays exact: two source_ids whose keys share a hash are both kept, and each is skipped when sent again', async () => {
    const u = await signUp(server);
    // Two keys of this user and source (its first: number 1) with the same 32-bit hash as the index sees it (a birthday search).
    const [pair] = await sql<{ a: string; b: string }>(
      `select min(sid) as a, max(sid) as b
         from (select 'k' || g as sid, hashtext($1::text || '1:' || 'k' || g) as h from generate_series(1, 300000) g) keys
        group by h having count(*) > 1 limit 1`,
      [u.id],
    );
    expect(pair).toBeDefined();
    const first = await ingestOk(server, u, [reading({ source_id: pair.a, value: 1 }), reading({ source_id: pair.b, value: 2 })]);
    expect(first.created.map((r) => r.source_id)).toEqual([pair.a, pair.b]);
    const again = await ingestOk(server, u, [reading({ source_id: pair.b, value: 3 }), reading({ source_id: pair.a, value: 4 })]);
    expect(again).toMatchObject({ created: [], skipped_count: 2 });
    expect((await allReadings(server, u)).map((r) => r.value).sort()).toEqual([1, 2]);
  });

  test('the readings list keeps its plans: newest first through (user, recorded_at), ties by id as they come; a sparse metric through its own index', async () => {
    const u = await signUp(server);
    // Statistics that know the user has readings, as the statistics job or autovacuum keeps them.
    await ingestOk(
      server,
      u,
      Array.from({ length: 2000 }, (_, i) =>
        reading({ source_id: `plan-${i}`, recorded_at: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString() }),
      ),
    );
    await withContext(() => query(`analyze health_metrics`), server.db.orm);
    // A near-empty table is cheapest read whole: what matters is which index can serve each query,
    // so scans of the whole table are off, and each plan is made in a transaction that is rolled back.
    const rolledBack = new Error('rolled back');
    const plan = async (where: string, params: unknown[], before = '') => {
      let text = '';
      const explain = async () => {
        await query(`set local enable_seqscan = off`);
        await query(`set local enable_bitmapscan = off`);
        if (before) await query(before);
        const rows = await query<{ 'QUERY PLAN': string }>(
          `explain select * from health_metrics where user_id = $1 ${where} order by recorded_at desc, id desc limit 50`,
          [u.id, ...params],
        );
        text = rows.map((r) => r['QUERY PLAN']).join('\n');
        throw rolledBack;
      };
      await withContext(() => em().transactional(explain), server.db.orm).catch((err: unknown) => {
        if (err !== rolledBack) throw err;
      });
      return text;
    };
    const newest = await plan('', []);
    expect(newest).toMatch(/Index Scan using health_metrics_user_recorded_idx/);
    expect(newest).toMatch(/Presorted Key: recorded_at/);
    expect(newest).not.toMatch(WHOLE_SORT);
    // A page after a cursor, as src/core/paging.ts writes it: a range of the same index.
    const after = await plan('and recorded_at <= $2 and (recorded_at < $2 or (recorded_at = $2 and id < $3))', [new Date(), randomUUID()]);
    expect(after).toMatch(/Index Cond: \(\(user_id = .*\) AND \(recorded_at <= /);
    expect(after).not.toMatch(WHOLE_SORT);
    // The partial index serves a metric it holds (weight, 6) even when the metric is a parameter, and not one it leaves out (heart rate, 9).
    const without = `drop index health_metrics_user_recorded_idx`;
    expect(await plan('and metric_type_id = $2', [6], without)).toMatch(/Index Scan using health_metrics_user_sparse_type_idx/);
    expect(await plan('and metric_type_id = $2', [9], without)).not.toMatch(/health_metrics_user_sparse_type_idx/);
  });

  (embedded ? test : test.skip)(
    'the embedded database checkpoints itself once a large ingest is over: its write-ahead log is back to a few segments',
    async () => {
      const u = await signUp(server);
      const sinceCheckpoint = async () =>
        (
          await sql<{ wal: number }>(
            `select pg_wal_lsn_diff(pg_current_wal_insert_lsn(), redo_lsn)::float8 as wal from pg_control_checkpoint()`,
          )
        )[0].wal;
      // Enough readings for more than one segment (16 MB) of log; fewer than would cross the 64 MB of a checkpoint while busy.
      for (let batch = 0; (await sinceCheckpoint()) < 20e6 && batch < 20; batch++) {
        const readings = Array.from({ length: 5000 }, (_, i) =>
          reading({
            source_id: `${batch}-${i}-${randomUUID()}`,
            recorded_at: new Date(Date.UTC(2025, 0, 1) + (batch * 5000 + i) * 60_000).toISOString(),
          }),
        );
        await ingestOk(server, u, readings);
      }
      expect(await sinceCheckpoint()).toBeGreaterThanOrEqual(20e6);
      // Once the log stops growing (the server's jobs keep polling meanwhile), within a few seconds.
      for (let i = 0; i < 40 && (await sinceCheckpoint()) >= 16e6; i++) await new Promise((r) => setTimeout(r, 250));
      expect(await sinceCheckpoint()).toBeLessThan(16e6);
      // What the checkpoint keeps for reuse is bounded by max_wal_size (64 MB), plus the segment being written.
      const [{ bytes }] = await sql<{ bytes: number }>(`select sum(size)::float8 as bytes from pg_ls_waldir()`);
      expect(bytes).toBeLessThanOrEqual(96 * 1024 * 1024);
    },
  );
});

/**
 * The readings table as Migration20261122010000_metrics made it, its triggers kept, with `indexes`
 * (SQL run after it is made), and the migrations after `since` forgotten: the next start runs them.
 */
function firstLayout(indexes: string, since: string[]): string {
  return `
    create temporary table kept_triggers as
      select pg_get_triggerdef(oid) as definition from pg_trigger where tgrelid = 'health_metrics'::regclass and not tgisinternal;
    drop table health_metrics;
    drop table reading_sources;
    create table health_metrics (
      id uuid primary key,
      user_id uuid not null references users (id) on delete cascade,
      metric_type_id smallint not null,
      recorded_at timestamptz not null,
      local_date date not null,
      value double precision not null,
      source text not null,
      source_id text null,
      reading_group_id uuid null,
      metadata jsonb not null default '{}',
      created_at timestamptz not null default now()
    );
    ${indexes}
    do $$ declare d text; begin for d in select definition from kept_triggers loop execute d; end loop; end $$;
    delete from mikro_orm_migrations where name in (${[...since, ...LATER].map((m) => `'${m}'`).join(', ')});`;
}

/** The migrations since the first layout's rewrite, which every upgrade test runs again. */
const LATER = [
  'Migration20261129000000_readings_layout',
  'Migration20261201000000_readings_list_index',
  'Migration20261201010000_readings_created_at',
  'Migration20261202000000_reading_sources',
  'Migration20261207000000_batched_changes',
];

describe('on a database with readings from before', () => {
  let database: DatabaseCopy;
  let server: TestServer | undefined;
  afterAll(async () => {
    await server?.stop();
    await database?.drop();
  });

  /** The readings table as Migration20261122010000_metrics made it. */
  const BEFORE = firstLayout(
    `create unique index health_metrics_user_source_key on health_metrics (user_id, source, source_id);
     create index health_metrics_user_recorded_idx on health_metrics (user_id, recorded_at desc, id desc);
     create index health_metrics_user_type_idx on health_metrics (user_id, metric_type_id, recorded_at desc);`,
    ['Migration20261128030000_storage'],
  );

  test('the migration keeps every reading and its id, dedups against them, and new readings get time-ordered ids', async () => {
    database = await copyOfTemplate();
    const userId = randomUUID();
    const old = Array.from({ length: 300 }, (_, i) => ({ id: randomUUID(), sourceId: `old-${i}`, type: i % 3 === 0 ? 6 : 1 }));
    let u: TestUser;
    ({ server, u } = await upgraded(database, userId, async (client) => {
      await client.query(BEFORE);
      await addOldUser(client, userId);
      await client.query(
        `insert into health_metrics (id, user_id, metric_type_id, recorded_at, local_date, value, source, source_id, created_at)
         select r.id, $1, r.t, timestamptz '2026-01-01' + r.o * interval '1 minute', date '2026-01-01', r.o, 'watch', r.sid, now()
           from unnest($2::uuid[], $3::text[], $4::int2[]) with ordinality as r(id, sid, t, o)`,
        [userId, old.map((r) => r.id), old.map((r) => r.sourceId), old.map((r) => r.type)],
      );
    }));

    const listed = await allReadings(server, u);
    expect(new Set(listed.map((r) => r.id))).toEqual(new Set(old.map((r) => r.id)));
    for (const r of listed) expect(r.id).toMatch(V4);
    const weights = await allReadings(server, u, '&metric=weight');
    expect(weights).toHaveLength(100);

    // The readings from before are still what a resend is checked against.
    const resent = await ingestOk(server, u, [
      reading({ source_id: 'old-7' }),
      reading({ source_id: 'old-299' }),
      reading({ source_id: 'new-1' }),
    ]);
    expect(resent.skipped_count).toBe(2);
    expect(resent.created.map((r) => r.source_id)).toEqual(['new-1']);
    expect(resent.created[0].id).toMatch(V7);

    const sql = <R>(text: string) => withContext(() => query<R>(text), server!.db.orm);
    const indexes = await sql<{ name: string }>(`select indexname as name from pg_indexes where tablename = 'health_metrics' order by 1`);
    expect(indexes.map((i) => i.name)).toEqual([
      'health_metrics_change_batch_idx',
      'health_metrics_pkey',
      'health_metrics_user_recorded_idx',
      'health_metrics_user_source_excl',
      'health_metrics_user_sparse_type_idx',
    ]);
  });
});

describe('on a database with readings in the first layout', () => {
  let database: DatabaseCopy;
  let server: TestServer | undefined;
  afterAll(async () => {
    await server?.stop();
    await database?.drop();
  });

  /** The readings table with its columns in the order Migration20261122010000_metrics made them, its triggers kept. */
  const BEFORE = firstLayout(
    `alter table health_metrics add constraint health_metrics_user_source_excl
       exclude using hash ((user_id::text || length(source)::text || ':' || source || source_id) with =);
     create index health_metrics_user_recorded_idx on health_metrics (user_id, recorded_at desc, id desc);
     create index health_metrics_user_sparse_type_idx on health_metrics (user_id, metric_type_id, recorded_at desc)
       where metric_type_id not in (1, 2, 3, 9);`,
    [],
  );

  const triggersSql = `select tgname as name from pg_trigger where tgrelid = 'health_metrics'::regclass and not tgisinternal order by 1`;

  test('the rewrite keeps every reading as it was, its triggers and its constraints, and stores no metadata as null', async () => {
    database = await copyOfTemplate();
    const userId = randomUUID();
    const group = randomUUID();
    // Source_ids of every shape: HealthKit's upper-case uuids, lower-case ones, mixed case (kept as
    // text), none, and others; two sources.
    const sourceIdOf = (i: number) => {
      const uuid = randomUUID();
      if (i % 5 === 1) return uuid.toUpperCase();
      if (i % 5 === 2) return uuid;
      if (i % 5 === 3) return `A${uuid.slice(1, 35)}b`;
      return i % 10 === 0 ? null : `old-${i}`;
    };
    const old = Array.from({ length: 200 }, (_, i) => ({
      id: randomUUID(),
      source: i < 100 ? 'watch' : 'Phone app',
      sourceId: sourceIdOf(i),
      type: i % 4 === 0 ? 6 : 1,
      metadata: i % 10 === 0 ? { device: `watch ${i}`, nested: { ok: true } } : {},
      group: i < 2 ? group : null,
    }));
    let triggersBefore: string[] = [];
    let u: TestUser;
    ({ server, u } = await upgraded(database, userId, async (client) => {
      triggersBefore = (await client.query<{ name: string }>(triggersSql)).rows.map((r) => r.name);
      await client.query(BEFORE);
      expect((await client.query<{ name: string }>(triggersSql)).rows.map((r) => r.name)).toEqual(triggersBefore);
      await addOldUser(client, userId);
      await client.query(
        `insert into health_metrics (id, user_id, metric_type_id, recorded_at, local_date, value, source, source_id, reading_group_id, metadata, created_at)
         select r.id, $1, r.t, timestamptz '2026-01-01' + r.o * interval '1 minute', date '2026-01-01', r.o, r.s, r.sid, r.g, r.m,
                timestamptz '2026-01-02'
           from unnest($2::uuid[], $3::text[], $4::int2[], $5::jsonb[], $6::uuid[], $7::text[]) with ordinality as r(id, sid, t, m, g, s, o)`,
        [
          userId,
          old.map((r) => r.id),
          old.map((r) => r.sourceId),
          old.map((r) => r.type),
          old.map((r) => JSON.stringify(r.metadata)),
          old.map((r) => r.group),
          old.map((r) => r.source),
        ],
      );
    }));
    const sql = <R>(text: string, params: unknown[] = []) => withContext(() => query<R>(text, params), server!.db.orm);

    // Every reading reads as before: id, value, source, source_id as it was spelled, group, metadata (an empty one as {}), created_at.
    const listed = (await allReadings(server, u)) as unknown as Record<string, unknown>[];
    expect(listed).toHaveLength(old.length);
    const byId = new Map(listed.map((r) => [r.id, r]));
    for (const [i, r] of old.entries()) {
      expect(byId.get(r.id)).toMatchObject({
        value: i + 1,
        source: r.source,
        source_id: r.sourceId,
        reading_group_id: r.group,
        metadata: r.metadata,
        created_at: '2026-01-02T00:00:00.000Z',
      });
    }
    expect(await allReadings(server, u, '&metric=weight')).toHaveLength(50);
    expect(await allReadings(server, u, '&source=Phone%20app')).toHaveLength(100);

    // The columns are in their new order, and an empty metadata takes no room.
    const columns = await sql<{ name: string }>(
      `select attname as name from pg_attribute where attrelid = 'health_metrics'::regclass and attnum > 0 and not attisdropped order by attnum`,
    );
    expect(columns.map((c) => c.name)).toEqual([
      'id',
      'user_id',
      'recorded_at',
      'value',
      'created_at',
      'reading_group_id',
      'local_date',
      'metric_type_id',
      'source_no',
      'source_uuid',
      'source_id',
      'metadata',
      'change_batch',
    ]);
    // The sources are the user's own numbers; uuid-shaped source_ids (lower or upper case) take 16 bytes.
    expect(await sql(`select no, source from reading_sources where user_id = $1 order by no`, [userId])).toEqual([
      { no: 1, source: 'Phone app' },
      { no: 2, source: 'watch' },
    ]);
    const [shapes] = await sql<{ uuids: number; upper: number }>(
      `select count(source_uuid)::int as uuids, count(*) filter (where source_no < 0)::int as upper from health_metrics where user_id = $1`,
      [userId],
    );
    expect(shapes).toEqual({ uuids: 80, upper: 40 });
    const [stored] = await sql<{ empty: number; kept: number }>(
      `select count(*) filter (where metadata is null)::int as empty, count(*) filter (where metadata is not null)::int as kept from health_metrics where user_id = $1`,
      [userId],
    );
    expect(stored).toEqual({ empty: 180, kept: 20 });

    // The triggers are all there again: a new reading is in the changes feed; the old ones still dedup.
    expect((await sql<{ name: string }>(triggersSql)).map((r) => r.name)).toEqual(triggersBefore);
    const feed = await server.api().get(`/users/${userId}/changes`).set(u.auth);
    const upper = old[1].sourceId!;
    const resent = await ingestOk(server, u, [
      reading({ source_id: 'old-9' }),
      reading({ source_id: upper }),
      reading({ source_id: old[3].sourceId }),
      reading({ source_id: 'new-1', metadata: { a: 1 } }),
      reading({ source_id: upper.toLowerCase() }),
    ]);
    expect(resent.skipped_count).toBe(3);
    expect(resent.created).toEqual([
      expect.objectContaining({ source_id: 'new-1', metadata: { a: 1 } }),
      expect.objectContaining({ source_id: upper.toLowerCase() }),
    ]);
    const next = await server.api().get(`/users/${userId}/changes`).query({ since: feed.body.next_cursor }).set(u.auth);
    const changed = next.body.changes as { type: string; id: string }[];
    expect(changed.map((c) => `${c.type} ${c.id}`).sort()).toEqual(resent.created.map((r) => `health_metric ${r.id}`).sort());
    const indexes = await sql<{ name: string }>(`select indexname as name from pg_indexes where tablename = 'health_metrics' order by 1`);
    expect(indexes.map((i) => i.name)).toEqual([
      'health_metrics_change_batch_idx',
      'health_metrics_pkey',
      'health_metrics_user_recorded_idx',
      'health_metrics_user_source_excl',
      'health_metrics_user_sparse_type_idx',
    ]);

    // The user's readings still go with the user.
    await sql(`delete from users where id = $1`, [userId]);
    expect(await sql(`select 1 from health_metrics where user_id = $1`, [userId])).toEqual([]);
  });
});
