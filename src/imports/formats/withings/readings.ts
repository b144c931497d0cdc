import type { Actor } from '../../../core/actor.ts';
import { namedId } from '../../../core/ids.ts';
import { formatInstant, type Instant } from '../../local-time.ts';
import { ReadingSink, SleepNights } from '../../reading-sink.ts';
import { asleepInterval } from '../../sleep-period.ts';
import type { ImportTally } from '../format.ts';

/**
 * What Withings' files become: readings of the source "Withings" (its exports do not say which
 * device measured a value), each named by its metric and time (source_id), so a re-import adds
 * nothing; nights built from sleep.csv's rows at the end (SleepNights). One record per value.
 */
const SOURCE = 'Withings';

export class WithingsReadings {
  readonly sink: ReadingSink;
  private readonly sleep = new SleepNights();
  private readonly userId: string;

  constructor(actor: Actor, tally: ImportTally | undefined) {
    this.sink = new ReadingSink(actor, tally);
    this.userId = actor.userId;
  }

  /** One record of `slug` at `at`; `key` tells it apart from the metric's other readings at that time. */
  async value(
    slug: string,
    at: Instant,
    value: number,
    unit: string | null,
    detail: string,
    key: string | number = at.ms,
    group?: string,
  ): Promise<void> {
    this.sink.record();
    await this.sink.push({
      reading: {
        metric_type_slug: slug,
        recorded_at: at.iso,
        source: SOURCE,
        source_id: `withings:${slug}:${key}`,
        value,
        unit,
        metadata: {},
        ...(group && { reading_group_id: group }),
      },
      records: 1,
      detail,
    });
  }

  /** The id a systolic and a diastolic reading of one measurement share (the same for the same measurement on every import). */
  bloodPressureGroup(at: Instant): string {
    return namedId(`withings blood pressure\n${this.userId}\n${at.ms}`);
  }

  /** One record not read into a reading. */
  unmapped(name: string, detail: string, reason: 'unmapped_type' | 'malformed' | 'too_large' = 'unmapped_type'): void {
    this.sink.record();
    this.sink.ignore(name, detail, reason);
  }

  /** One record whose value is not a number. */
  unconvertible(detail: string): void {
    this.sink.record();
    this.sink.unconvertible(1, detail);
  }

  /**
   * A row of sleep.csv: in bed `from`..`to`, `asleepS` seconds asleep after `latencyS`; its asleep
   * interval (see asleepInterval) into the nights, or an unmapped record when it slept not at all.
   */
  sleepPeriod(from: Instant, to: Instant, asleepS: number, latencyS: number, detail: string): void {
    const interval = asleepInterval(from.ms, to.ms, asleepS, latencyS);
    if (!interval) return this.unmapped('sleep.csv (no time asleep)', `${detail}: a night without time asleep`);
    this.sink.record();
    this.sleep.add(SOURCE, formatInstant(interval.startMs, from.offsetMin), formatInstant(interval.endMs, to.offsetMin));
  }

  /** The nights, once every row is in; then the last batch. */
  async finish(): Promise<void> {
    for (const night of this.sleep.nights()) await this.sink.pushNight(night, `withings:sleep:${Date.parse(night.start)}`, {});
    await this.sink.flush();
  }
}
