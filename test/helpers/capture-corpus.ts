/**
 * The capture corpus (test/fixtures/captures/corpus/, format in its README) scored against the
 * parser: precision is the share of suggestions that are fully right (kind, value, unit, time and
 * whatever else the line's expectation states), recall the share of expected suggestions found.
 * Used by the corpus test (which holds the figures) and by `npm run bench:captures` (which prints them).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { zoneOffsetSeconds } from '../../src/core/clock.ts';
import { parseCapture, type ParseContext, type SuggestionDraft } from '../../src/domain/captures/parser/index.ts';
import type { CaptureLanguage } from '../../src/domain/users/preferences.ts';

export const CORPUS_DIR = join(import.meta.dirname, '..', 'fixtures', 'captures', 'corpus');
const TIMEZONE = 'Europe/Berlin';
const DEFAULT_CAPTURED_AT = '2026-03-11T21:00';

type Expectation = {
  kind: SuggestionDraft['kind'];
  at?: string;
  metric?: string;
  value?: number;
  unit?: string;
  activity?: string;
  duration_min?: number;
  distance?: { value: number; unit: string };
  score?: number;
  tag?: string;
  meal_type?: string | null;
  items?: string[];
  place?: string;
};

export type CorpusLine = {
  file: string;
  text: string;
  category: string;
  captured_at?: string;
  language?: CaptureLanguage;
  expect: Expectation[];
};

const CATEGORIES = ['Running', 'Walking', 'Cycling', 'Swimming', 'Yoga', 'Strength', 'Meditation', 'Reading', 'Work'].map((name) => ({
  id: `category:${name}`,
  name,
}));
const PLACES = [
  { name: 'FitX Gym', aliases: ['gym', 'fitx'] },
  { name: "Luigi's", aliases: ['luigis', 'luigi'] },
  { name: 'Café Nero', aliases: [] },
  { name: 'Office', aliases: ['work', 'the office'] },
  { name: 'Stadtpark', aliases: ['park', 'city park'] },
  { name: "Mum's", aliases: ['mums', "mom's place"] },
].map((p) => ({ id: `place:${p.name}`, ...p }));

export function loadCorpus(): CorpusLine[] {
  const lines: CorpusLine[] = [];
  for (const file of readdirSync(CORPUS_DIR)
    .filter((f) => f.endsWith('.jsonl'))
    .sort()) {
    const rows = readFileSync(join(CORPUS_DIR, file), 'utf8').split('\n');
    for (const [i, row] of rows.entries()) {
      if (!row.trim()) continue;
      try {
        lines.push({ file, ...(JSON.parse(row) as Omit<CorpusLine, 'file'>) });
      } catch (err) {
        throw new Error(`${file}:${i + 1} is not JSON: ${(err as Error).message}`, { cause: err });
      }
    }
  }
  return lines;
}

/** The instant the clocks in Europe/Berlin show `local` ("2026-03-11T21:00"). */
function instant(local: string): Date {
  const wall = Date.parse(`${local}:00Z`);
  let guess = wall - zoneOffsetSeconds(TIMEZONE, wall) * 1000;
  guess = wall - zoneOffsetSeconds(TIMEZONE, guess) * 1000;
  return new Date(guess);
}

/** `at` as local wall time to the minute, the corpus's way of writing times. */
function localMinute(at: Date): string {
  return new Date(at.getTime() + zoneOffsetSeconds(TIMEZONE, at.getTime()) * 1000).toISOString().slice(0, 16);
}

const close = (actual: unknown, expected: number) =>
  typeof actual === 'number' && Math.abs(actual - expected) <= Math.max(0.01, Math.abs(expected) * 0.01);

/** Minutes of an ISO 8601 duration as the events payload writes it ("PT1H27M30S"). */
function minutes(iso: unknown): number | null {
  if (typeof iso !== 'string') return null;
  const m = /^P(?:(\d+)D)?T?(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?$/.exec(iso);
  return m ? Number(m[1] ?? 0) * 1440 + Number(m[2] ?? 0) * 60 + Number(m[3] ?? 0) + Number(m[4] ?? 0) / 60 : null;
}

const lower = (s: unknown) => (typeof s === 'string' ? s.normalize('NFC').toLowerCase() : '');

/** Whether a draft is what the expectation says, on every key the expectation states. */
function matches(d: SuggestionDraft, e: Expectation, capturedAt: string): boolean {
  if (d.kind !== e.kind) return false;
  if (localMinute(d.occurredAt) !== (e.at ?? capturedAt)) return false;
  const p = d.payload;
  const meta = (p.metadata ?? {}) as Record<string, unknown>;
  if (e.metric !== undefined && p.metric_type_slug !== e.metric) return false;
  if (e.unit !== undefined && p.unit !== e.unit) return false;
  if (e.value !== undefined && !close(p.value, e.value)) return false;
  if (e.activity !== undefined && meta.activity !== e.activity) return false;
  if (e.duration_min !== undefined && Math.abs((minutes(p.duration) ?? -1) - e.duration_min) > 0.5) return false;
  if (e.distance !== undefined && (!close(p.scalar_value, e.distance.value) || meta.unit !== e.distance.unit)) return false;
  if (e.score !== undefined && !close(p.scalar_value, e.score)) return false;
  if (e.tag !== undefined && !(Array.isArray(p.tags) && p.tags.includes(e.tag))) return false;
  if (e.meal_type !== undefined && p.meal_type !== e.meal_type) return false;
  if (e.items !== undefined) {
    const names = ((p.items ?? []) as { name: string }[]).map((i) => lower(i.name));
    if (names.length !== e.items.length) return false;
    if (!e.items.every((item) => names.some((n) => n.includes(lower(item))))) return false;
  }
  if (e.place !== undefined && p.place_id !== `place:${e.place}`) return false;
  return true;
}

/** `right`: suggestions that match an expectation, each expectation matched at most once. */
export type LineResult = { line: CorpusLine; drafts: SuggestionDraft[]; right: number };

export function scoreLine(line: CorpusLine): LineResult {
  const capturedAt = line.captured_at ?? DEFAULT_CAPTURED_AT;
  const ctx: ParseContext = {
    capturedAt: instant(capturedAt),
    timezone: TIMEZONE,
    categories: CATEGORIES,
    places: PLACES,
    language: line.language ?? 'en',
  };
  const drafts = parseCapture(line.text, ctx);
  const open = line.expect.map((e) => ({ ...e, at: e.at ?? capturedAt }));
  let right = 0;
  for (const d of drafts) {
    const i = open.findIndex((e) => matches(d, e, capturedAt));
    if (i < 0) continue;
    open.splice(i, 1);
    right++;
  }
  return { line, drafts, right };
}

export type Figures = { lines: number; suggestions: number; expected: number; precision: number; recall: number };

function figures(results: LineResult[]): Figures {
  const suggestions = results.reduce((n, r) => n + r.drafts.length, 0);
  const expected = results.reduce((n, r) => n + r.line.expect.length, 0);
  const right = results.reduce((n, r) => n + r.right, 0);
  const ratio = (a: number, b: number) => (b === 0 ? 1 : Math.round((a / b) * 1000) / 1000);
  return { lines: results.length, suggestions, expected, precision: ratio(right, suggestions), recall: ratio(right, expected) };
}

/** Figures over the whole corpus, per category and per language. */
export function scoreCorpus(lines = loadCorpus()): { results: LineResult[]; all: Figures; groups: Record<string, Figures> } {
  const results = lines.map(scoreLine);
  const groups: Record<string, Figures> = {};
  const keys = (r: LineResult) => [`category ${r.line.category}`, `language ${r.line.language ?? 'en'}`];
  const names = [...new Set(results.flatMap(keys))].sort();
  for (const name of names) groups[name] = figures(results.filter((r) => keys(r).includes(name)));
  return { results, all: figures(results), groups };
}

/** A line's suggestions as the corpus would write them, to see what differs from what it expects. */
export function describe(d: SuggestionDraft): string {
  const p = d.payload;
  const meta = (p.metadata ?? {}) as Record<string, unknown>;
  const at = localMinute(d.occurredAt);
  switch (d.kind) {
    case 'metric_reading':
      return `metric ${String(p.metric_type_slug)} ${String(p.value)} ${String(p.unit)} @${at}`;
    case 'meal':
      return `meal ${String(p.meal_type)} [${((p.items ?? []) as { name: string }[]).map((i) => i.name).join(' | ')}] @${at}`;
    case 'place_visit':
      return `place_visit ${String(p.place_id)} @${at}`;
    default:
      return `event ${d.title} act=${String(meta.activity)} score=${String(p.scalar_value)} tags=${JSON.stringify(p.tags)} dur=${String(p.duration)} @${at}`;
  }
}
