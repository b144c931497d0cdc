import type { z } from 'zod';
import { BATCHED } from '../changes/change-types.ts';
import { authorize, type Actor } from '../../core/actor.ts';
import { newId } from '../../core/ids.ts';
import { parse } from '../../core/validation.ts';
import { em, inFreshUnit } from '../../db/context.ts';
import { cursorPages, isRetryable, query } from '../../db/sql.ts';
import { createSuggestions } from '../inbox/inbox.ts';
import type { Suggestion } from '../inbox/suggestion.entity.ts';
import { LocationBatch } from './places.schemas.ts';
import { detectStays, type Cluster, type Stay } from './stays.ts';
import { visitsDetectedBetween, type VisitRecord } from './visits.service.ts';

/**
 * What a batch did: how many samples were new and how many were already stored (same
 * recorded_at), and the detected visits and pending new-place suggestions that now cover it.
 */
export type LocationBatchResult = { createdCount: number; skippedCount: number; visits: VisitRecord[]; suggestions: Suggestion[] };

/** Stays are re-detected over the new samples and this much on either side (a stay seen by one batch may continue in the next). */
const CONTEXT_MS = 12 * 3600_000;

/**
 * A sample as stored: to the second and to 1e-6 degrees (about 11 cm), so the same fix sent twice
 * (with and without milliseconds, or from two exports) is one sample: the key is the user, the
 * instant and the position.
 */
const storedSample = (at: Date, lat: number, lng: number) => ({
  t: Math.floor(at.getTime() / 1000),
  lat: Math.round(lat * 1e6) / 1e6,
  lng: Math.round(lng * 1e6) / 1e6,
});

export type NewSample = { at: Date; lat: number; lng: number; accuracyM: number | null };

/**
 * Inserts samples (one statement, arrays bound as parameters); those already stored, or repeated in
 * the batch, are skipped. Answers how many were new and the span of the new ones.
 */
async function insertSamples(
  userId: string,
  samples: NewSample[],
  now: Date,
): Promise<{ created: number; first: Date | null; last: Date | null }> {
  const stored = samples.map((s) => storedSample(s.at, s.lat, s.lng));
  const [row] = await query<{ n: number; lo: Date | null; hi: Date | null }>(
    // The user's row held for the statement (samples have no foreign key: the samples_owner_lock migration).
    `with owner as (select id from users where id = $1 for key share),
     ins as (
       insert into location_samples (user_id, recorded_at, lat, lng, accuracy_m, created_at)
       select owner.id, to_timestamp(r.t), r.lat, r.lng, r.acc, $6
       from owner, unnest($2::float8[], $3::float8[], $4::float8[], $5::float8[]) as r(t, lat, lng, acc)
       on conflict do nothing
       returning recorded_at)
     select count(*)::int as n, min(recorded_at) as lo, max(recorded_at) as hi from ins`,
    [userId, stored.map((s) => s.t), stored.map((s) => s.lat), stored.map((s) => s.lng), samples.map((s) => s.accuracyM), now],
  );
  return { created: row.n, first: row.lo ? new Date(row.lo) : null, last: row.hi ? new Date(row.hi) : null };
}

/** A stored sample as the changes feed and the archive show it. */
export type SampleRecord = { id: string; recordedAt: Date; lat: number; lng: number; accuracyM: number | null };

/** A sample's id in the feed, `<unix seconds>,<lat>,<lng>`: the changes feed's own spelling of it. */
const sampleIdSql = BATCHED.location_sample.feedId;

const toSample = (r: { id: string; recorded_at: Date; lat: number; lng: number; accuracy_m: number | null }): SampleRecord => ({
  id: r.id,
  recordedAt: new Date(r.recorded_at),
  lat: r.lat,
  lng: r.lng,
  accuracyM: r.accuracy_m,
});

/** Some of the user's samples by feed id; ids of no sample (or of none of theirs) are left out. */
export async function samplesByIds(actor: Actor, ids: string[]): Promise<Map<string, SampleRecord>> {
  authorize(actor, actor.userId, 'read');
  const keys = ids.map((id) => id.split(',')).filter((k) => k.length === 3 && k.every((x) => x !== '' && Number.isFinite(Number(x))));
  if (!keys.length) return new Map();
  const rows = await query<{ id: string; recorded_at: Date; lat: number; lng: number; accuracy_m: number | null }>(
    `select ${sampleIdSql} as id, recorded_at, lat, lng, accuracy_m from location_samples
     where user_id = $1 and (recorded_at, lat, lng) in (
       select to_timestamp(t), la, ln from unnest($2::float8[], $3::float8[], $4::float8[]) as k(t, la, ln))`,
    [actor.userId, keys.map((k) => Number(k[0])), keys.map((k) => Number(k[1])), keys.map((k) => Number(k[2]))],
  );
  return new Map(rows.map((r) => [r.id, toSample(r)]));
}

/** Every sample of the user, in time order, a page at a time (the account archive). */
export async function* allSamples(actor: Actor, pageSize = 5000): AsyncGenerator<SampleRecord[]> {
  authorize(actor, actor.userId, 'read');
  for await (const rows of cursorPages<{ id: string; recorded_at: Date; lat: number; lng: number; accuracy_m: number | null }>(
    `select ${sampleIdSql} as id, recorded_at, lat, lng, accuracy_m from location_samples where user_id = $1 order by recorded_at, lat, lng`,
    [actor.userId],
    pageSize,
  )) {
    yield rows.map(toSample);
  }
}

/**
 * Samples from an import: stored as recordLocations stores them, without detecting stays (the
 * import detects once over its whole span at the end: `detectStaysOver`).
 */
export async function importSamples(
  actor: Actor,
  samples: NewSample[],
): Promise<{ created: number; first: Date | null; last: Date | null }> {
  authorize(actor, actor.userId, 'write');
  if (!samples.length) return { created: 0, first: null, last: null };
  return insertSamples(actor.userId, samples, new Date());
}

const overlaps = (a: { start: Date; end: Date }, lo: Date, hi: Date) => a.start <= hi && a.end >= lo;

/**
 * Replaces the detected visits over [lo, hi] with `stays` (except a stay the user already
 * recorded: a manual or accepted visit to the same place overlapping it), and the pending
 * location suggestions over it with `clusters` (except where the user already decided one).
 */
async function replaceDetections(actor: Actor, stays: Stay[], clusters: Cluster[], lo: Date, hi: Date, now: Date): Promise<Suggestion[]> {
  await query(
    `delete from place_visits where user_id = $1 and source = 'detected' and occurred_at <= $3 and coalesce(ended_at, occurred_at) >= $2`,
    [actor.userId, lo, hi],
  );
  if (stays.length) {
    await query(
      `insert into place_visits (id, user_id, place_id, occurred_at, ended_at, local_date, note, source, created_at)
       select r.id, $1, r.place, r.start, r.stop, (r.start at time zone u.timezone)::date, null, 'detected', $3
       from jsonb_to_recordset($2::jsonb) as r(id uuid, place uuid, start timestamptz, stop timestamptz)
       cross join (select timezone from users where id = $1) u
       -- a place deleted since detection read it is skipped, not a foreign key error
       where exists (select 1 from places p where p.id = r.place and p.user_id = $1)
       and not exists (
         select 1 from place_visits w where w.user_id = $1 and w.source <> 'detected'
           and (w.place_id = r.place or w.source = 'import')
           and w.occurred_at <= r.stop and coalesce(w.ended_at, w.occurred_at) >= r.start)
       and not exists (
         select 1 from import_pending_visits w where w.user_id = $1
           and w.occurred_at <= r.stop and coalesce(w.ended_at, w.occurred_at) >= r.start)`,
      [actor.userId, JSON.stringify(stays.map((s) => ({ id: newId(), place: s.placeId, start: s.start, stop: s.end }))), now],
    );
  }
  const span = `user_id = $1 and source = 'location' and kind = 'new_place' and window_start <= $3 and window_end >= $2`;
  await query(`delete from suggestions where ${span} and status = 'pending'`, [actor.userId, lo, hi]);
  const decided = await query<{ window_start: Date; window_end: Date }>(`select window_start, window_end from suggestions where ${span}`, [
    actor.userId,
    lo,
    hi,
  ]);
  // A span the source app already called a visit (kept, or waiting for its place) is not a new place either.
  const imported = await query<{ window_start: Date; window_end: Date }>(
    `select occurred_at as window_start, coalesce(ended_at, occurred_at) as window_end from place_visits
       where user_id = $1 and source = 'import' and occurred_at <= $3 and coalesce(ended_at, occurred_at) >= $2
     union all
     select occurred_at, coalesce(ended_at, occurred_at) from import_pending_visits
       where user_id = $1 and occurred_at <= $3 and coalesce(ended_at, occurred_at) >= $2`,
    [actor.userId, lo, hi],
  );
  const fresh = clusters.filter(
    (c) => ![...decided, ...imported].some((d) => overlaps(c, new Date(d.window_start), new Date(d.window_end))),
  );
  return createSuggestions(
    actor.userId,
    fresh.map((c) => newPlaceSuggestion(c)),
  );
}

function newPlaceSuggestion(c: Cluster) {
  const minutes = Math.round((c.end.getTime() - c.start.getTime()) / 60_000);
  const at = `${c.lat.toFixed(5)}, ${c.lng.toFixed(5)}`;
  return {
    kind: 'new_place' as const,
    source: 'location' as const,
    title: 'A new place?',
    summary: `You stayed ${minutes} minutes near ${at}, at none of your places`,
    occurredAt: c.start,
    windowStart: c.start,
    windowEnd: c.end,
    payload: { lat: c.lat, lng: c.lng, radius_m: 100, started_at: c.start.toISOString(), ended_at: c.end.toISOString() },
    provenance: { rule: 'stay_cluster', samples: c.samples },
  };
}

/**
 * Detects stays over the samples from `first` to `last` (and the context around them) and
 * replaces the detections over the span they reach. Answers the span replaced and the suggestions made.
 */
async function redetect(actor: Actor, first: Date, last: Date, now: Date) {
  const { stays, clusters } = await detectAround(actor.userId, first, last);
  // The span replaced: the new samples' and that of every stay or cluster reaching into it.
  const touching = [...stays, ...clusters].filter((s) => overlaps(s, first, last));
  const lo = new Date(Math.min(first.getTime(), ...touching.map((s) => s.start.getTime())));
  const hi = new Date(Math.max(last.getTime(), ...touching.map((s) => s.end.getTime())));
  const suggestions = await replaceDetections(
    actor,
    stays.filter((s) => overlaps(s, lo, hi)),
    clusters.filter((c) => overlaps(c, lo, hi)),
    lo,
    hi,
    now,
  );
  return { lo, hi, suggestions };
}

/** Runs `work` in a transaction holding the user's location lock, retried on a serialization failure unless nested. */
async function underLocationLock<T>(actor: Actor, work: () => Promise<T>): Promise<T> {
  const nested = em().getTransactionContext() !== undefined;
  for (let attempt = 1; ; attempt++) {
    try {
      return await em().transactional(async () => {
        await query(`select pg_advisory_xact_lock(hashtext('location_samples'), hashtext($1))`, [actor.userId]);
        return work();
      });
    } catch (err) {
      if (nested || attempt >= 3 || !isRetryable(err)) throw err;
    }
  }
}

/**
 * Ingests up to 10,000 samples in one transaction (any invalid sample: nothing written), then
 * re-detects stays over the samples around them. A user's batches run one at a time (an advisory
 * lock), so two concurrent batches cannot both detect the same stay.
 */
export async function recordLocations(actor: Actor, input: z.input<typeof LocationBatch>): Promise<LocationBatchResult> {
  authorize(actor, actor.userId, 'write');
  const { samples } = parse(LocationBatch, input);
  const now = new Date();
  return underLocationLock(actor, async () => {
    const rows = samples.map((x) => ({ at: new Date(x.recorded_at), lat: x.lat, lng: x.lng, accuracyM: x.accuracy_m ?? null }));
    const inserted = await insertSamples(actor.userId, rows, now);
    const result = { createdCount: inserted.created, skippedCount: samples.length - inserted.created, visits: [], suggestions: [] };
    if (!inserted.first || !inserted.last) return result;
    const { lo, hi, suggestions } = await redetect(actor, inserted.first, inserted.last, now);
    return { ...result, visits: await visitsDetectedBetween(actor.userId, lo, hi), suggestions };
  });
}

/**
 * Detection over an import's span goes a window at a time, so its samples are never all in
 * memory: a week, or less where the samples are dense (at most about WINDOW_SAMPLES of them). A
 * window costs ~8 statements; day-sized ones were half of a large import's time.
 */
const WINDOW_MS = 7 * 24 * 3600_000;
const WINDOW_SAMPLES = 10_000;

/**
 * Stay detection once over an imported span (`importSamples` detects nothing), a window at a time
 * in time order, each in its own transaction and unit of work; spans without a sample are jumped
 * over. Spans an imported visit covers are not detected again, and running it twice replaces its
 * own detections rather than adding to them. `afterWindow` runs between windows (an import's
 * progress and cancel: a throw from it stops here, with the windows done kept).
 */
export async function detectStaysOver(actor: Actor, first: Date, last: Date, afterWindow?: () => Promise<void>): Promise<void> {
  authorize(actor, actor.userId, 'write');
  const now = new Date();
  let from: number | null = first.getTime();
  while (from !== null && from <= last.getTime()) {
    const dense = await denseEnd(actor.userId, new Date(from));
    const to = new Date(Math.min(from + WINDOW_MS - 1, last.getTime(), dense ?? Infinity));
    const start = new Date(from);
    await inFreshUnit(() => underLocationLock(actor, () => redetect(actor, start, to, now)));
    await afterWindow?.();
    from = await nextSampleAt(actor.userId, new Date(to.getTime() + 1));
  }
}

/** The first sample at or after `at` (through the key's index), or null. */
async function nextSampleAt(userId: string, at: Date): Promise<number | null> {
  const [row] = await query<{ at: Date | null }>(
    `select min(recorded_at) as at from location_samples where user_id = $1 and recorded_at >= $2`,
    [userId, at],
  );
  return row?.at ? new Date(row.at).getTime() : null;
}

/**
 * The time of the WINDOW_SAMPLES-th sample of the week from `from` (through the key's index;
 * bounded by the week, so even a poor plan sorts no more than one), or null when there are fewer.
 */
async function denseEnd(userId: string, from: Date): Promise<number | null> {
  const [row] = await query<{ at: Date }>(
    `select recorded_at as at from location_samples where user_id = $1 and recorded_at >= $2 and recorded_at < $3
      order by recorded_at offset $4 limit 1`,
    [userId, from, new Date(from.getTime() + WINDOW_MS), WINDOW_SAMPLES],
  );
  return row ? new Date(row.at).getTime() : null;
}

/** Stay detection over the user's samples from CONTEXT_MS before `first` to CONTEXT_MS after `last`, against their places. */
async function detectAround(userId: string, first: Date, last: Date) {
  const samples = await query<{ lat: number; lng: number; recorded_at: Date; accuracy_m: number | null }>(
    `select lat, lng, recorded_at, accuracy_m from location_samples
     where user_id = $1 and recorded_at between $2 and $3 order by recorded_at`,
    [userId, new Date(first.getTime() - CONTEXT_MS), new Date(last.getTime() + CONTEXT_MS)],
  );
  const places = await query<{ id: string; lat: number; lng: number; radius_m: number }>(
    `select id, lat, lng, radius_m from places where user_id = $1`,
    [userId],
  );
  return detectStays(
    samples.map((s) => ({ lat: s.lat, lng: s.lng, at: new Date(s.recorded_at), accuracyM: s.accuracy_m })),
    places.map((p) => ({ id: p.id, lat: p.lat, lng: p.lng, radiusM: p.radius_m })),
  );
}
