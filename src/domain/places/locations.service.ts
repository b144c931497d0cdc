import type { z } from 'zod';
import { authorize, type Actor } from '../../core/actor.ts';
import { newId } from '../../core/ids.ts';
import { parse } from '../../core/validation.ts';
import { em } from '../../db/context.ts';
import { isRetryable, query } from '../../db/sql.ts';
import { createSuggestions } from '../suggestions/inbox.ts';
import type { Suggestion } from '../suggestions/suggestion.entity.ts';
import { LocationBatch, type LocationSamples } from './places.schemas.ts';
import { detectStays, type Cluster, type Stay } from './stays.ts';
import { visitsDetectedBetween, type VisitRecord } from './visits.service.ts';

/**
 * What a batch did: how many samples were new and how many were already stored (same
 * recorded_at), and the detected visits and pending new-place suggestions that now cover it.
 */
export type LocationBatchResult = { createdCount: number; skippedCount: number; visits: VisitRecord[]; suggestions: Suggestion[] };

/** Stays are re-detected over the new samples and this much on either side (a stay seen by one batch may continue in the next). */
const CONTEXT_MS = 12 * 3600_000;

/** Inserts the samples; (user_id, recorded_at) already stored or repeated in the batch is skipped. Returns the new instants. */
async function insertSamples(userId: string, samples: LocationSamples, now: Date): Promise<Date[]> {
  const rows = await query<{ recorded_at: Date }>(
    `insert into location_samples (user_id, recorded_at, lat, lng, accuracy_m, created_at)
     select $1, r.at, r.lat, r.lng, r.acc, $3
     from jsonb_to_recordset($2::jsonb) as r(at timestamptz, lat float8, lng float8, acc float8)
     order by r.at
     on conflict (user_id, recorded_at) do nothing
     returning recorded_at`,
    [userId, JSON.stringify(samples.map((s) => ({ at: s.recorded_at, lat: s.lat, lng: s.lng, acc: s.accuracy_m ?? null }))), now],
  );
  return rows.map((r) => new Date(r.recorded_at));
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
         select 1 from place_visits w where w.user_id = $1 and w.place_id = r.place and w.source <> 'detected'
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
  const fresh = clusters.filter((c) => !decided.some((d) => overlaps(c, new Date(d.window_start), new Date(d.window_end))));
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
 * Ingests up to 10,000 samples in one transaction (any invalid sample: nothing written), then
 * re-detects stays over the samples around them. A user's batches run one at a time (an advisory
 * lock), so two concurrent batches cannot both detect the same stay.
 */
export async function recordLocations(actor: Actor, input: z.input<typeof LocationBatch>): Promise<LocationBatchResult> {
  authorize(actor, actor.userId, 'write');
  const { samples } = parse(LocationBatch, input);
  const now = new Date();
  const nested = em().getTransactionContext() !== undefined;
  for (let attempt = 1; ; attempt++) {
    try {
      return await em().transactional(async () => {
        await query(`select pg_advisory_xact_lock(hashtext('location_samples'), hashtext($1))`, [actor.userId]);
        const inserted = await insertSamples(actor.userId, samples, now);
        const result = { createdCount: inserted.length, skippedCount: samples.length - inserted.length, visits: [], suggestions: [] };
        if (inserted.length === 0) return result;
        const first = new Date(Math.min(...inserted.map(Number)));
        const last = new Date(Math.max(...inserted.map(Number)));
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
        return { ...result, visits: await visitsDetectedBetween(actor.userId, lo, hi), suggestions };
      });
    } catch (err) {
      if (nested || attempt >= 3 || !isRetryable(err)) throw err;
    }
  }
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
