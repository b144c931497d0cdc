/**
 * Every resource type the changes feed reports, with the table its rows live in and the column
 * that identifies one of the user's rows there: what a conditional write locks before it compares
 * versions. The triggers that record the changes are in the changes migration.
 */
export const CHANGE_TABLES = {
  // The user's own row: its id is the user's.
  profile: { table: 'users', key: 'id', cast: 'uuid', owner: 'id' },
  event: { table: 'events', key: 'id', cast: 'uuid' },
  // Readings and samples are in the feed by batch (their transaction): see BATCHED below.
  health_metric: { table: 'health_metrics', key: 'id', cast: 'uuid' },
  suggestion: { table: 'suggestions', key: 'id', cast: 'uuid' },
  log_capture: { table: 'log_captures', key: 'id', cast: 'uuid' },
  // A goal's id in the feed is its metric's slug; its row is keyed by the metric type's number.
  goal: { table: 'metric_goals', key: 'metric_type_id', cast: 'smallint' },
  metric_definition: { table: 'metric_definitions', key: 'id', cast: 'uuid' },
  routine: { table: 'routines', key: 'id', cast: 'uuid' },
  place: { table: 'places', key: 'id', cast: 'uuid' },
  place_visit: { table: 'place_visits', key: 'id', cast: 'uuid' },
  food_item: { table: 'food_items', key: 'id', cast: 'uuid' },
  saved_meal: { table: 'saved_meals', key: 'id', cast: 'uuid' },
  tracking_timer: { table: 'tracking_timers', key: 'id', cast: 'uuid' },
  calendar_event: { table: 'calendar_events', key: 'id', cast: 'uuid' },
  event_source: { table: 'event_sources', key: 'id', cast: 'uuid' },
  narrative: { table: 'narratives', key: 'id', cast: 'uuid' },
  category: { table: 'categories', key: 'id', cast: 'uuid' },
  // One per user: its id is the user's.
  encryption_key: { table: 'encryption_keys', key: 'user_id', cast: 'uuid' },
  replaced_encryption_key: { table: 'replaced_encryption_keys', key: 'id', cast: 'uuid' },
  experiment: { table: 'experiments', key: 'id', cast: 'uuid' },
  share: { table: 'shares', key: 'id', cast: 'uuid' },
  reminder: { table: 'reminders', key: 'id', cast: 'uuid' },
  push_subscription: { table: 'push_subscriptions', key: 'id', cast: 'uuid' },
  // Named by the user, second and position ("<unix seconds>,<lat>,<lng>"): no single key column, and no conditional write.
  location_sample: { table: 'location_samples', key: 'recorded_at', cast: 'composite' },
} as const;

/** The column holding the owning user's id. */
export const ownerColumn = (type: ChangeType): string => {
  const entry = CHANGE_TABLES[type];
  return 'owner' in entry ? entry.owner : 'user_id';
};

export type ChangeType = keyof typeof CHANGE_TABLES;
export const CHANGE_TYPES = Object.keys(CHANGE_TABLES) as ChangeType[];

/**
 * The types whose rows carry their transaction's number (`change_batch`) instead of a row of
 * `changes` each (the batched_changes migration): how a batch entry names its rows, in key order,
 * and where a page that ended inside a batch goes on (`after`, from the feed id of its last row,
 * whose shape `id` checks first; `$1` is the user, `$2` the batch, `$3`… the last row's key), and
 * which rows have some feed ids (`match`, `$2`… from `keys` of ids of that shape).
 */
export const BATCHED = {
  health_metric: {
    feedId: 'id::text',
    order: 'id',
    id: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
    after: 'id > $3::uuid',
    key: (id: string): string[] => [id],
    match: 'id = any($2::uuid[])',
    keys: (ids: string[]): unknown[] => [ids],
  },
  location_sample: {
    feedId: `extract(epoch from recorded_at)::bigint::text || ',' || lat::text || ',' || lng::text`,
    order: 'recorded_at, lat, lng',
    id: /^-?\d{1,12},-?[\d.e+-]{1,24},-?[\d.e+-]{1,24}$/,
    after: '(recorded_at, lat, lng) > (to_timestamp($3::float8), $4::float8, $5::float8)',
    key: (id: string): string[] => id.split(','),
    match:
      '(recorded_at, lat, lng) in (select to_timestamp(t), la, ln from unnest($2::float8[], $3::float8[], $4::float8[]) as k(t, la, ln))',
    keys: (ids: string[]): unknown[] => [0, 1, 2].map((i) => ids.map((id) => Number(id.split(',')[i]))),
  },
} satisfies Partial<Record<keyof typeof CHANGE_TABLES, unknown>>;

export type BatchedType = keyof typeof BATCHED;
export const isBatched = (type: string): type is BatchedType => type in BATCHED;
