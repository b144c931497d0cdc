/**
 * Stay detection: a pure, deterministic function over one user's location samples in time
 * order and the places known when they are ingested. The rule (docs/decisions.md):
 * - samples less accurate than MAX_ACCURACY_M are ignored;
 * - a sample is at a place when it lies within the place's radius (the nearest such place;
 *   on a tie the smaller id);
 * - consecutive samples at the same place, no more than MAX_GAP_MS apart, form a run; a run
 *   spanning at least PLACE_MIN_MS is a detected visit from its first to its last sample;
 * - consecutive samples at no place, each within CLUSTER_RADIUS_M of the running centroid of
 *   the samples before it and no more than MAX_GAP_MS apart, form a cluster; a cluster spanning
 *   at least CLUSTER_MIN_MS whose centroid is more than CLUSTER_RADIUS_M from every known place
 *   (and outside every radius) is a new place to suggest.
 * A sample at another place, away from the cluster, or after a longer gap ends the run.
 */
export const STAY_RULE = {
  MAX_ACCURACY_M: 200,
  MAX_GAP_MS: 30 * 60_000,
  PLACE_MIN_MS: 5 * 60_000,
  CLUSTER_MIN_MS: 15 * 60_000,
  CLUSTER_RADIUS_M: 100,
} as const;

export type Sample = { lat: number; lng: number; at: Date; accuracyM: number | null };
export type KnownPlace = { id: string; lat: number; lng: number; radiusM: number };
export type Stay = { placeId: string; start: Date; end: Date };
export type Cluster = { lat: number; lng: number; start: Date; end: Date; samples: number };

const EARTH_RADIUS_M = 6_371_008.8;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in metres (haversine). */
export function distanceM(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

function placeOf(s: Sample, places: KnownPlace[]): string | null {
  let best: { id: string; d: number } | null = null;
  for (const p of places) {
    const d = distanceM(s, p);
    if (d > p.radiusM) continue;
    if (!best || d < best.d || (d === best.d && p.id < best.id)) best = { id: p.id, d };
  }
  return best?.id ?? null;
}

type Run =
  | { kind: 'place'; placeId: string; start: Date; end: Date }
  | { kind: 'cluster'; lat: number; lng: number; n: number; start: Date; end: Date };

export function detectStays(samples: Sample[], places: KnownPlace[]): { stays: Stay[]; clusters: Cluster[] } {
  const stays: Stay[] = [];
  const clusters: Cluster[] = [];
  const farFromPlaces = (c: { lat: number; lng: number }) =>
    places.every((p) => distanceM(c, p) > Math.max(STAY_RULE.CLUSTER_RADIUS_M, p.radiusM));
  const close = (run: Run | null) => {
    if (!run) return;
    const span = run.end.getTime() - run.start.getTime();
    if (run.kind === 'place' && span >= STAY_RULE.PLACE_MIN_MS) stays.push({ placeId: run.placeId, start: run.start, end: run.end });
    if (run.kind === 'cluster' && span >= STAY_RULE.CLUSTER_MIN_MS && farFromPlaces(run)) {
      clusters.push({ lat: run.lat, lng: run.lng, start: run.start, end: run.end, samples: run.n });
    }
  };
  let run: Run | null = null;
  for (const s of samples) {
    if (s.accuracyM != null && s.accuracyM > STAY_RULE.MAX_ACCURACY_M) continue;
    if (run && s.at.getTime() - run.end.getTime() > STAY_RULE.MAX_GAP_MS) {
      close(run);
      run = null;
    }
    const placeId = placeOf(s, places);
    if (placeId) {
      if (run?.kind === 'place' && run.placeId === placeId) run.end = s.at;
      else {
        close(run);
        run = { kind: 'place', placeId, start: s.at, end: s.at };
      }
    } else if (run?.kind === 'cluster' && distanceM(s, run) <= STAY_RULE.CLUSTER_RADIUS_M) {
      run.lat = (run.lat * run.n + s.lat) / (run.n + 1);
      run.lng = (run.lng * run.n + s.lng) / (run.n + 1);
      run.n += 1;
      run.end = s.at;
    } else {
      close(run);
      run = { kind: 'cluster', lat: s.lat, lng: s.lng, n: 1, start: s.at, end: s.at };
    }
  }
  close(run);
  return { stays, clusters };
}
