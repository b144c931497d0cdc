import type { Actor } from '../core/actor.ts';
import { importVisits, suggestImportedPlaces, type ImportedVisit, type UnknownPlace } from '../domain/places/imported-visits.ts';
import { detectStaysOver, importSamples, type NewSample } from '../domain/places/locations.service.ts';
import type { ImportRecord, PointRecord } from './records.ts';
import type { Tally } from './tally.ts';

const SAMPLES_PER_BATCH = 2500;
const VISITS_PER_BATCH = 500;
/** Places kept for suggestions, and labels kept: far more than one life's, never the server's memory. */
const MAX_PLACES = 10_000;
const DAY_MS = 24 * 3600_000;
const EPOCH = Date.UTC(1970, 0, 1);

const isLat = (v: number) => Number.isFinite(v) && v >= -90 && v <= 90;
const isLng = (v: number) => Number.isFinite(v) && v >= -180 && v <= 180;

/**
 * Where a location history's records go: samples and visits in batches through the places
 * services, each counted new or already present, anything unusable skipped with its reason. At
 * the end, the places its visits went to that the user does not have are suggested, and stays
 * are detected once over the span of the new samples.
 */
export class LocationSink {
  private samples: NewSample[] = [];
  private visits: ImportedVisit[] = [];
  private readonly unknown = new Map<string, UnknownPlace>();
  private readonly labels = new Map<string, string>();
  private first = Infinity;
  private last = -Infinity;
  /** The batch of samples being written while the next is read: one at a time, its failure thrown at the next flush. */
  private writing: Promise<void> = Promise.resolve();
  private failure: { error: unknown } | undefined;
  private readonly latest: number;

  private readonly actor: Actor;
  private readonly tally: Tally;

  constructor(actor: Actor, tally: Tally, now: Date) {
    this.actor = actor;
    this.tally = tally;
    this.latest = now.getTime() + DAY_MS;
  }

  private inRange(at: Date): boolean {
    const t = at.getTime();
    return Number.isFinite(t) && t >= EPOCH && t <= this.latest;
  }

  private where(r: { at?: Date; start?: Date }, what: string): string {
    const at = r.at ?? r.start;
    return `${what} at ${at && Number.isFinite(at.getTime()) ? at.toISOString() : 'an invalid time'}`;
  }

  async add(r: ImportRecord): Promise<void> {
    switch (r.kind) {
      case 'skip':
        this.tally.skipped(r.reason, r.detail);
        return;
      case 'place_label':
        if (r.placeRef && this.labels.size < MAX_PLACES) this.labels.set(r.placeRef, r.label.slice(0, 100));
        return;
      case 'point':
        return this.addPoint(r);
      case 'visit':
        if (!isLat(r.lat) || !isLng(r.lng)) return this.tally.skipped('bad_coordinate', this.where(r, `a visit at ${r.lat}, ${r.lng}`));
        if (!this.inRange(r.start) || !this.inRange(r.end) || r.end < r.start) {
          return this.tally.skipped('out_of_range', this.where(r, 'a visit ending before it starts or outside 1970..tomorrow'));
        }
        this.visits.push(r);
        if (this.visits.length >= VISITS_PER_BATCH) await this.flushVisits();
    }
  }

  private async addPoint(r: PointRecord): Promise<void> {
    if (!isLat(r.lat) || !isLng(r.lng)) return this.tally.skipped('bad_coordinate', this.where(r, `a point at ${r.lat}, ${r.lng}`));
    if (!this.inRange(r.at)) return this.tally.skipped('out_of_range', this.where(r, 'a point outside 1970..tomorrow'));
    const accuracyM = r.accuracyM !== null && Number.isFinite(r.accuracyM) && r.accuracyM >= 0 ? r.accuracyM : null;
    this.samples.push({ at: r.at, lat: r.lat, lng: r.lng, accuracyM });
    if (this.samples.length >= SAMPLES_PER_BATCH) await this.flushSamples();
  }

  /**
   * Starts writing the samples read so far once the batch before them is written: the database
   * stores one batch while the file's next is parsed (two cores at work, memory for two batches).
   */
  private async flushSamples(): Promise<void> {
    await this.written();
    const batch = this.samples;
    this.samples = [];
    if (!batch.length) return;
    this.writing = importSamples(this.actor, batch).then(
      ({ created, first, last }) => {
        this.tally.created(created);
        this.tally.present(batch.length - created);
        if (first) this.first = Math.min(this.first, first.getTime());
        if (last) this.last = Math.max(this.last, last.getTime());
      },
      (error: unknown) => {
        this.failure = { error };
      },
    );
  }

  /** Waits for the batch being written, whatever its outcome (an import that stops early still counts it). */
  async settled(): Promise<void> {
    await this.writing;
  }

  /** Waits for the batch being written; its failure is the import's. */
  private async written(): Promise<void> {
    await this.writing;
    if (this.failure) throw this.failure.error;
  }

  private async flushVisits(): Promise<void> {
    const batch = this.visits;
    this.visits = [];
    if (!batch.length) return;
    const unknown = this.unknown.size < MAX_PLACES ? this.unknown : new Map<string, UnknownPlace>();
    const created = await importVisits(this.actor, batch, unknown);
    this.tally.created(created);
    this.tally.present(batch.length - created);
  }

  /**
   * Writes what is left, suggests the unknown places, and detects stays over the new samples'
   * span; `tick` runs between its windows (progress, cancel).
   */
  async finish(tick: () => Promise<void>): Promise<void> {
    await this.flushSamples();
    await this.written();
    await this.flushVisits();
    await suggestImportedPlaces(this.actor, this.unknown, this.labels);
    if (this.first <= this.last) await detectStaysOver(this.actor, new Date(this.first), new Date(this.last), tick);
  }
}
