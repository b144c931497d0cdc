/**
 * The per-day rollup (health_metric_days) and the first-seen sources (metric_sources) of readings,
 * kept by every statement that writes readings (ingest-statement.ts, restore.ts) as two CTEs after
 * its insert: the statement's `$1` is the user, its CTE `ins` returns the rows actually inserted
 * (metric_type_id, local_date, `abs(source_no) as no`, value, recorded_at), and `numbers` and
 * `names` are its parameters holding the batch's source numbers and their names (the rollups are
 * kept by name). Groups are written in key order, so concurrent batches lock rows in one order.
 */
export const rollupCtes = (numbers: string, names: string) => `
days as (
  insert into health_metric_days as d
    (user_id, local_date, metric_type_id, source, n, total, min_value, max_value, last_value, last_at)
  select $1, local_date, metric_type_id, s.source, count(*), sum(value), min(value), max(value),
    (array_agg(value order by recorded_at desc, value desc))[1], max(recorded_at)
  from ins join unnest(${numbers}::int2[], ${names}::text[]) as s(no, source) using (no)
  group by local_date, metric_type_id, s.source
  order by local_date, metric_type_id, s.source
  on conflict (user_id, local_date, metric_type_id, source) do update set
    n = d.n + excluded.n,
    total = d.total + excluded.total,
    min_value = least(d.min_value, excluded.min_value),
    max_value = greatest(d.max_value, excluded.max_value),
    last_value = case when (excluded.last_at, excluded.last_value) > (d.last_at, d.last_value)
      then excluded.last_value else d.last_value end,
    last_at = greatest(d.last_at, excluded.last_at)
  returning metric_type_id, source, local_date
),
seen as (
  insert into metric_sources as m (user_id, metric_type_id, source, first_date)
  select $1, metric_type_id, source, min(local_date)
  from days
  group by metric_type_id, source
  order by metric_type_id, source
  on conflict (user_id, metric_type_id, source) do update set first_date = excluded.first_date
    where excluded.first_date < m.first_date
)`;
