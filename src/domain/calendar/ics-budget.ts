import ICAL from 'ical.js';

type Time = InstanceType<typeof ICAL.Time>;
type IcalEvent = InstanceType<typeof ICAL.Event>;

/**
 * Bounds on the work one feed may cause. A feed is user input that the server expands: 40
 * `FREQ=SECONDLY` events in 3.7 KB once held the server for 18 s. Every recurrence step of every
 * series draws from one budget per feed, with a time ceiling beside it for rules whose single
 * steps are slow (ical.js filters BYxxx parts inside a step); a series that runs out is skipped
 * with a reason, and the rest of the feed is kept. The ceiling counts the reading thread's own CPU
 * time, not the wall clock: on a loaded machine a thread that waits for a core has done no work,
 * and a 40 ms feed once lost its daily series to a 3 s wall-clock ceiling while it waited.
 */
const FEED_STEP_BUDGET = 200_000;
const SERIES_STEP_LIMIT = 50_000;
/** Instances of one series inside the sync window; more is not a calendar a person reads. */
export const SERIES_INSTANCE_LIMIT = 5_000;
/** Events and instances of the whole feed inside the window. */
export const FEED_EVENT_LIMIT = 20_000;
const FEED_TIME_LIMIT_MS = 3_000;

export class BudgetExceeded extends Error {}

export class FeedBudget {
  private steps = 0;
  private readonly started = cpuMs();

  /** One step of a series that has taken `seriesSteps` so far; throws when the series or the feed is out of budget. */
  step(seriesSteps: number): void {
    if (seriesSteps >= SERIES_STEP_LIMIT) throw new BudgetExceeded(`its recurrence needs more than ${SERIES_STEP_LIMIT} steps`);
    if (++this.steps > FEED_STEP_BUDGET) throw new BudgetExceeded(`the feed's recurrence budget (${FEED_STEP_BUDGET} steps) is spent`);
    if ((this.steps & 255) === 0 && cpuMs() - this.started > FEED_TIME_LIMIT_MS) {
      throw new BudgetExceeded(`the feed took more than ${FEED_TIME_LIMIT_MS} ms to expand`);
    }
  }
}

/** CPU time (user and system) of the calling thread, in ms: the feed reader's thread in the server. */
function cpuMs(): number {
  const { user, system } = process.threadCpuUsage();
  return (user + system) / 1000;
}

const SUB_DAILY_SECONDS: Record<string, number> = { SECONDLY: 1, MINUTELY: 60, HOURLY: 3600 };
/** BYxxx parts ical.js applies inside one step, by testing each second or minute in turn. */
const FILTERS = ['BYMONTH', 'BYWEEKNO', 'BYYEARDAY', 'BYMONTHDAY', 'BYDAY', 'BYHOUR', 'BYMINUTE', 'BYSETPOS'];

/**
 * Where to start iterating a series, or a BudgetExceeded for a rule too dense to expand. A sub-daily
 * rule without COUNT (an hourly reminder since 2015, a SECONDLY rule from a hostile feed) would step
 * through years before the window: it starts instead at the last whole number of periods from
 * DTSTART at least one period before the window, which yields the same instances from there on
 * (ical.js yields its start as the first instance whatever the BYxxx parts say; being before the
 * window, it is dropped). A rule that would put more instances in the window than a series may have
 * is refused before any step, and so is a SECONDLY or MINUTELY rule with BYxxx parts: ical.js
 * filters those second by second inside one step, beyond any step budget.
 */
export function iterationStart(event: IcalEvent, window: { from: number; to: number }, toMs: (t: Time) => number): Time | undefined {
  const rules = event.component.getAllProperties('rrule').map((p) => p.getFirstValue() as InstanceType<typeof ICAL.Recur>);
  const unit = Math.min(...rules.map((r) => SUB_DAILY_SECONDS[r.freq] ?? Infinity));
  if (unit === Infinity) return undefined;
  if (unit < 3600 && rules.some((r) => Object.keys(r.parts).some((part) => FILTERS.includes(part)))) {
    throw new BudgetExceeded('a SECONDLY or MINUTELY rule with BYxxx parts is not expanded');
  }
  if (rules.length !== 1 || event.component.hasProperty('rdate')) return undefined;
  const rule = rules[0];
  const period = unit * (rule.interval || 1);
  const start = event.startDate;
  const startMs = toMs(start);
  const until = rule.until ? toMs(rule.until) : Infinity;
  const span = Math.min(window.to, until) - Math.max(window.from, startMs);
  if (!rule.count && span / 1000 / period > SERIES_INSTANCE_LIMIT) {
    throw new BudgetExceeded(`it has more than ${SERIES_INSTANCE_LIMIT} occurrences in the sync window`);
  }
  const periods = Math.floor((window.from - startMs) / 1000 / period) - 1;
  if (rule.count || periods <= 0) return undefined;
  const shifted = start.clone();
  shifted.addDuration(ICAL.Duration.fromSeconds(periods * period));
  // ical.js normalises an adjusted time lazily, in its getters, while its iterator copies the raw
  // fields (seconds = 2e8 made it loop for ever): a time built from the getters is normal.
  const { year, month, day, hour, minute, second } = shifted;
  return ICAL.Time.fromData({ year, month, day, hour, minute, second, isDate: false }, start.zone);
}
