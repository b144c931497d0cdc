import { isObject, num, text } from '../values.ts';
import { at, iso, type FitbitContext } from './context.ts';
import { deviceSource } from './devices.ts';
import { wallKey, wallTime } from './local-time.ts';

export type WeightUnit = 'kg' | 'lb';

type WeighIn = { time: number; id: string; weight: number; fat: number | null; bmi: number | null; source: string; detail: string };

/**
 * The height (in metres) at which a weight read as kilograms and the same number read as pounds
 * are equally far from an adult's usual height, 1.70 m (geometrically): below it the BMI says
 * kilograms, above it pounds. A weigh-in gives weight / bmi = height² (kg) or height² × 2.2046 (lb).
 */
const KG_IF_HEIGHT_BELOW = 1.7 / Math.sqrt(0.453_592_37);
/** Weigh-ins with a BMI whose majority decides the unit; the ones before are held until then. */
const VOTES = 25;
/** Weigh-ins held at most while the unit is undecided (a lifetime of daily weigh-ins is a few thousand). */
const MAX_HELD = 50_000;

/**
 * The unit of a weigh-in's `weight`: the export writes it in the account's unit (pounds or
 * kilograms) and does not say which. The upload's `weight_unit` option says it when given;
 * otherwise the weigh-ins' BMI does: Fitbit computes it from the weight and the account's height,
 * so weight / bmi is the height squared in kilograms, or 2.2046 times that in pounds, and only one
 * of the two is a plausible height (1.70 m: 2.89 read as kg, 6.37 as lb). The majority of the first
 * 25 weigh-ins with a BMI decides, for all of them; without any, or with a tie, the unit is
 * unknown and the weigh-ins are refused (invalid) with a note to name it.
 */
function unitOfBmi(weight: number, bmi: number): WeightUnit {
  return Math.sqrt(weight / bmi) < KG_IF_HEIGHT_BELOW ? 'kg' : 'lb';
}

/** Who logged a weigh-in: an Aria scale by name; "API", "Web" and the like are logs, not a device. */
const scaleSource = (name: string | null) => (name && /^aria\b/i.test(name) ? deviceSource(name) : 'Fitbit');

/**
 * weight-YYYY-MM-DD.json: a month of weigh-ins, `{"logId", "weight", "bmi", "fat", "date":
 * "01/02/21", "time": "07:30:00", "source": "Aria"}`. Each is a weight reading (and a body_fat one
 * when it has `fat`, counted with its weight), source_id its logId.
 */
export class WeighIns {
  private readonly ctx: FitbitContext;
  private unit: WeightUnit | null;
  private held: WeighIn[] = [];
  private votes = { kg: 0, lb: 0 };

  constructor(ctx: FitbitContext, unit: WeightUnit | undefined) {
    this.ctx = ctx;
    this.unit = unit ?? null;
  }

  async add(value: unknown, file: string, where: string): Promise<void> {
    const { sink } = this.ctx;
    sink.record();
    const log = isObject(value) ? value : {};
    const date = typeof log.date === 'string' ? log.date : '';
    const time = wallTime(`${date}${typeof log.time === 'string' ? (date.includes('/') ? ' ' : 'T') + log.time : ''}`);
    const weight = num(log.weight);
    if (time === null) return sink.ignore('weight without a readable date', `${at(file, where)}: no readable date and time`, 'malformed');
    if (weight === null) return sink.ignore('weight without a value', `${at(file, where)}: no weight`, 'malformed');
    const logId = num(log.logId);
    const entry: WeighIn = {
      time,
      id: logId === null ? wallKey(time, 'second') : String(logId),
      weight,
      fat: num(log.fat),
      bmi: num(log.bmi),
      source: scaleSource(text(log.source)),
      detail: at(file, where),
    };
    if (this.unit) return this.write(entry, this.unit);
    this.held.push(entry);
    if (entry.bmi && entry.bmi > 0 && weight > 0) this.votes[unitOfBmi(weight, entry.bmi)]++;
    if (this.votes.kg + this.votes.lb >= VOTES || this.held.length >= MAX_HELD) await this.decide();
  }

  /** After the last weight file: the unit from the votes so far, and the weigh-ins held written (or refused without one). */
  async decide(): Promise<void> {
    const { kg, lb } = this.votes;
    if (!this.unit && kg !== lb) this.unit = kg > lb ? 'kg' : 'lb';
    const held = this.held;
    this.held = [];
    for (const entry of held) {
      if (this.unit) await this.write(entry, this.unit);
      else
        this.ctx.sink.unconvertible(
          1,
          `${entry.detail}: the weight's unit (kg or lb) is unknown: no weigh-in has a BMI to tell it; import again with the option {"weight_unit": "kg"} or "lb"`,
        );
    }
  }

  private async write(entry: WeighIn, unit: WeightUnit): Promise<void> {
    const { sink, clock } = this.ctx;
    const recorded = iso(clock.utc(entry.time));
    const metadata = { fitbit_file: 'weight', ...(entry.bmi ? { bmi: entry.bmi } : {}) };
    await sink.push({
      reading: {
        metric_type_slug: 'weight',
        recorded_at: recorded,
        source: entry.source,
        source_id: `weight:${entry.id}`,
        value: entry.weight,
        unit,
        metadata,
      },
      records: 1,
      detail: entry.detail,
    });
    if (entry.fat !== null && entry.fat > 0) {
      // Counted with its weigh-in (records 0): the weigh-in is the file's record.
      await sink.push({
        reading: {
          metric_type_slug: 'body_fat',
          recorded_at: recorded,
          source: entry.source,
          source_id: `body_fat:${entry.id}`,
          value: entry.fat,
          unit: '%',
          metadata: { fitbit_file: 'weight' },
        },
        records: 0,
        detail: entry.detail,
      });
    }
  }
}
