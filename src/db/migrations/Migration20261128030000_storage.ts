import { Migration } from '@mikro-orm/migrations';

/**
 * Less disk per reading (docs/operations.md, Figures: a million readings took ~500 MB with their
 * indexes, two thirds of it indexes). Existing readings keep their ids and rows; only indexes change.
 *
 * - Dedup on (user_id, source, source_id) stays exact but is kept in a hash index: 4-byte hash codes
 *   of the key instead of the key itself (the user's id, the source and a source_id of up to 36
 *   characters, ~70 bytes an entry). A hash index cannot be unique, so it backs an exclusion
 *   constraint with `=`: an insert whose key's hash matches an existing row's compares the two keys
 *   themselves, so rows whose keys only share a hash are both kept. Ingest's and the archive
 *   import's `on conflict do nothing` skip a duplicate as before; a null source_id makes the key
 *   null, which never conflicts (and is not indexed at all). The key is the user's id, the source's
 *   length, the source and the source_id as one text: the length makes it unambiguous.
 * - The per-metric index keeps only metrics that are not sample streams: steps (1), distance (2),
 *   active energy (3) and heart rate (9) are most readings, and a list of one of them is served by
 *   the (user, recorded_at, id) index, where a page is found among the first few hundred entries.
 *   Every other metric keeps the plan it had (this index, newest first).
 * - The primary key is appended to (ingest's ids are time-ordered, src/core/ids.ts): its pages are
 *   filled completely, as nothing is ever inserted before them again.
 */
export class Migration20261128030000_storage extends Migration {
  override name = 'Migration20261128030000_storage';

  override up(): void {
    this.addSql(`alter table health_metrics add constraint health_metrics_user_source_excl
      exclude using hash ((user_id::text || length(source)::text || ':' || source || source_id) with =)`);
    this.addSql(`drop index health_metrics_user_source_key`);
    this.addSql(`create index health_metrics_user_sparse_type_idx on health_metrics (user_id, metric_type_id, recorded_at desc)
      where metric_type_id not in (1, 2, 3, 9)`);
    this.addSql(`drop index health_metrics_user_type_idx`);
    this.addSql(`alter index health_metrics_pkey set (fillfactor = 100)`);
  }
}
