import pg from 'pg';
import { startStandbyPair, type StandbyPair } from '../helpers/standby.ts';

/**
 * The test infrastructure for read replicas (test/helpers/standby.ts): a throwaway primary and a real
 * streaming hot standby of it. These prove the helper does what the replica tests will rely on:
 * the standby follows the primary, lags exactly when replay is paused, refuses writes, and catches
 * up after a restart. Only on the PostgreSQL pass: the clusters are built with the machine's
 * PostgreSQL binaries, which the embedded pass does not need.
 */
const onPostgres = process.env.DATABASE_URL ? describe : describe.skip;

onPostgres('a streaming hot standby of a throwaway primary', () => {
  let pair: StandbyPair;

  beforeAll(async () => {
    pair = await startStandbyPair({ database: 'replicas' });
  }, 60_000);

  afterAll(async () => {
    await pair?.stop();
  });

  /** One statement on a connection of its own. */
  async function sql<R extends pg.QueryResultRow = Record<string, unknown>>(
    url: string,
    text: string,
    params: unknown[] = [],
  ): Promise<R[]> {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      return (await c.query<R>(text, params)).rows;
    } finally {
      await c.end();
    }
  }
  const notes = async (url: string) => (await sql<{ id: number }>(url, 'select id from notes order by id')).map((r) => r.id);

  test('a table created and a row written on the primary are on the standby once it has caught up', async () => {
    expect(await sql(pair.replicaUrl, 'select pg_is_in_recovery() as standby')).toEqual([{ standby: true }]);
    expect(await sql(pair.primaryUrl, 'select pg_is_in_recovery() as standby')).toEqual([{ standby: false }]);
    // Streaming, over the slot pg_basebackup created: not a copy that merely restored a backup.
    expect(
      await sql(pair.primaryUrl, 'select state, slot_name from pg_stat_replication join pg_replication_slots on active_pid = pid'),
    ).toEqual([{ state: 'streaming', slot_name: 'standby' }]);

    await sql(pair.primaryUrl, 'create table notes (id int primary key, body text not null)');
    await sql(pair.primaryUrl, `insert into notes values (1, 'first')`);
    await pair.waitCaughtUp();

    expect(await sql(pair.replicaUrl, 'select id, body from notes')).toEqual([{ id: 1, body: 'first' }]);
  });

  test('while replay is paused a new row is on the primary and not on the standby; after resuming it is', async () => {
    await pair.pauseReplay();
    try {
      await sql(pair.primaryUrl, `insert into notes values (2, 'second')`);
      const primaryLsn = await pair.primaryLsn();
      const replayLsn = await pair.replayLsn();
      // The standby has received the row's WAL or soon will, but applies none of it while paused.
      const [{ behind }] = await sql<{ behind: boolean }>(pair.primaryUrl, 'select $1::pg_lsn < $2::pg_lsn as behind', [
        replayLsn,
        primaryLsn,
      ]);
      expect(behind).toBe(true);
      expect(await notes(pair.primaryUrl)).toEqual([1, 2]);
      expect(await notes(pair.replicaUrl)).toEqual([1]);
      await expect(pair.waitCaughtUp(5_000)).rejects.toThrow(/paused/);
      expect(await pair.replayLsn()).toBe(replayLsn);
    } finally {
      await pair.resumeReplay();
    }
    await pair.waitCaughtUp();
    expect(await notes(pair.replicaUrl)).toEqual([1, 2]);
  });

  test('a write on the standby fails as a read-only transaction', async () => {
    await expect(sql(pair.replicaUrl, `insert into notes values (3, 'on the standby')`)).rejects.toThrow(/read-only transaction/);
    await expect(sql(pair.replicaUrl, 'create table elsewhere (id int)')).rejects.toThrow(/read-only transaction/);
    expect(await notes(pair.primaryUrl)).toEqual([1, 2]);
  });

  test('a stopped standby refuses connections; started again, it catches up on what the primary wrote meanwhile', async () => {
    await pair.stopReplica();
    await expect(sql(pair.replicaUrl, 'select 1')).rejects.toThrow(/ECONNREFUSED/);

    await sql(pair.primaryUrl, `insert into notes select g, 'while it was down' from generate_series(3, 1002) g`);
    // A checkpoint in a later WAL segment would let the primary recycle the one holding these rows;
    // the replication slot keeps it for the standby.
    await sql(pair.primaryUrl, 'select pg_switch_wal()');
    await sql(pair.primaryUrl, 'checkpoint');

    await pair.startReplica();
    await pair.waitCaughtUp();
    expect(await sql(pair.replicaUrl, 'select count(*)::int as n, max(id) as last from notes')).toEqual([{ n: 1002, last: 1002 }]);
    // Streaming again, so later writes keep arriving.
    await sql(pair.primaryUrl, `insert into notes values (1003, 'after the restart')`);
    await pair.waitCaughtUp();
    expect(await sql(pair.replicaUrl, 'select body from notes where id = 1003')).toEqual([{ body: 'after the restart' }]);
  });
});
