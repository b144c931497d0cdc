/**
 * Planner statistics for the tables whose plans depend on them. A page of readings is read through
 * (user, recorded_at) only when the planner knows how many readings a user has: without
 * statistics it estimated a few hundred, read a million through a bitmap scan and sorted them
 * (430 ms a page at a million readings on PostgreSQL, against under 2 ms once analyzed).
 * Autovacuum keeps them on PostgreSQL; where it does not run (PGlite has none, and a PostgreSQL
 * may have it turned off) the service analyzes these tables itself once they have grown by a tenth
 * (and 1 MB) since their last analysis, autovacuum's own default threshold, and vacuums the tables
 * full of dead rows (vacuumDeadTables).
 */
const ANALYZED_TABLES = ['health_metrics'];

type Run = <R>(sql: string, params?: unknown[]) => Promise<R[]>;

/**
 * Whether autovacuum works on this database: its launcher is running. A setting of `on` is not
 * enough: PGlite reports it but runs no launcher (one process), and a PostgreSQL may be set `off`.
 */
export async function autovacuumRuns(run: Run): Promise<boolean> {
  const [row] = await run<{ runs: boolean }>(
    `select exists (select 1 from pg_stat_activity where backend_type = 'autovacuum launcher') as runs`,
  );
  return row?.runs === true;
}

/** Analyzes each of `tables` that has grown past the threshold; returns the ones it analyzed. */
export async function analyzeGrownTables(run: Run, tables: string[] = ANALYZED_TABLES): Promise<string[]> {
  const analyzed: string[] = [];
  for (const table of tables) {
    // relpages is what the last analysis (or vacuum) counted; a table never analyzed has 0.
    const [row] = await run<{ grown: boolean }>(
      `select pg_relation_size(oid) / current_setting('block_size')::int > relpages * 1.1 + 128 as grown
         from pg_class where oid = to_regclass($1)`,
      [table],
    );
    if (!row?.grown) continue;
    await run(`analyze "${table}"`);
    analyzed.push(table);
  }
  return analyzed;
}

/**
 * Vacuums the tables holding more dead rows than autovacuum lets stand (50 and a fifth of the live
 * rows, its default threshold) and returns them. Without it, every update and delete leaves its old
 * row behind for good where autovacuum does not run: the feed's marks and counters, the outbox,
 * the job queue's tables and each edited resource grow with every write, not with the data.
 * Not VACUUM FULL: it makes the space reusable, takes no lock that stops reads or writes on
 * PostgreSQL, and returns nothing to the operating system (the tables stop growing instead).
 */
export async function vacuumDeadTables(run: Run): Promise<string[]> {
  const tables = await run<{ name: string }>(
    `select relid::regclass::text as name from pg_stat_user_tables
      where n_dead_tup > 50 + 0.2 * n_live_tup and schemaname !~ '^pg_temp'
      order by n_dead_tup desc`,
  );
  // regclass' text is the name as SQL spells it (quoted and qualified where it must be). Analyzed
  // too: a vacuum also recounts relpages, which analyzeGrownTables measures growth from.
  for (const { name } of tables) await run(`vacuum (analyze) ${name}`);
  return tables.map((t) => t.name);
}
