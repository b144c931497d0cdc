/**
 * Planner statistics for the tables whose plans depend on them. A page of readings is read through
 * (user, recorded_at, id) only when the planner knows how many readings a user has: without
 * statistics it estimated a few hundred, read a million through a bitmap scan and sorted them
 * (430 ms a page at a million readings on PostgreSQL, against under 2 ms once analyzed).
 * Autovacuum keeps them on PostgreSQL; where it does not run (PGlite has none, and a PostgreSQL
 * may have it turned off) the service analyzes these tables itself once they have grown by a tenth
 * (and 1 MB) since their last analysis, autovacuum's own default threshold.
 */
const ANALYZED_TABLES = ['health_metrics'];

type Run = (sql: string, params?: unknown[]) => Promise<Array<{ grown: boolean }>>;

/** Analyzes each of `tables` that has grown past the threshold; returns the ones it analyzed. */
export async function analyzeGrownTables(run: Run, tables: string[] = ANALYZED_TABLES): Promise<string[]> {
  const analyzed: string[] = [];
  for (const table of tables) {
    // relpages is what the last analysis (or vacuum) counted; a table never analyzed has 0.
    const [row] = await run(
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
