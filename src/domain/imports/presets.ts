import { Invalid } from '../../core/errors.ts';
import { csvRows, dateOf, timeOf, type ImportRecord, type RowIssue, type RowsRead } from './csv-rows.ts';

/**
 * Daylio's "Export entries" CSV: full_date,date,weekday,time,mood,activities,note_title,note (older
 * exports: year,date,weekday,time,mood,activities,note, the date as "18 May"). Each entry is an
 * event (its activities as tags, its title and note as notes) and a mood reading on Daylio's
 * default five-point scale; a renamed mood that is not a number is kept in the event alone.
 */
const DAYLIO_MOODS: Record<string, number> = { rad: 5, good: 4, meh: 3, bad: 2, awful: 1 };

export function daylioRecords(text: string, moods: Record<string, number> | undefined, issues: RowIssue[]): RowsRead {
  const scores = { ...DAYLIO_MOODS, ...Object.fromEntries(Object.entries(moods ?? {}).map(([k, v]) => [k.toLowerCase(), v])) };
  const { header, rows } = csvRows(text);
  const modern = header.includes('full_date');
  for (const col of [modern ? 'full_date' : 'year', 'date', 'time', 'mood', 'activities']) {
    if (!header.includes(col))
      throw Invalid.at(
        ['csv'],
        `Not a Daylio export: no "${col}" column (expected full_date,date,weekday,time,mood,activities,note_title,note)`,
      );
  }
  const records = rows.flatMap((r, i): ImportRecord[] => {
    const row = i + 2;
    const localDate = modern ? dateOf(r.full_date) : dateOf(r.date, r.year);
    if (!localDate)
      return (issues.push({ row, column: modern ? 'full_date' : 'date', msg: `Not a date: "${modern ? r.full_date : r.date}"` }), []);
    const time = timeOf(r.time);
    if (!time) return (issues.push({ row, column: 'time', msg: `Not a time: "${r.time}"` }), []);
    const mood = r.mood.toLowerCase();
    const score = scores[mood] ?? (/^\d+(\.\d+)?$/.test(mood) ? Number(mood) : undefined);
    if (score === undefined && mood)
      issues.push({
        row,
        column: 'mood',
        msg: `Mood "${r.mood}" has no score (Daylio's are rad, good, meh, bad, awful; name yours in daylio_moods): kept as a tag`,
      });
    const tags = r.activities
      .split('|')
      .map((t) => t.trim())
      .filter(Boolean);
    const notes = [r.note_title, r.note].filter(Boolean).join('\n\n');
    return [
      {
        row,
        localDate,
        time,
        key: `daylio|${localDate}|${time}`,
        event: { tags: [...tags, ...(score === undefined && mood ? [`mood:${mood}`] : [])], notes: notes || undefined },
        readings: score === undefined ? [] : [{ slug: 'mood', value: score }],
      },
    ];
  });
  return { rows: rows.length, records };
}

/**
 * Loop Habit Tracker's Checkmarks.csv (the one of every habit, in its CSV export's ZIP): Date then
 * a column per habit, newest day first, a trailing comma on each line. A day is an event in the
 * habit's category when it was checked by hand (YES_MANUAL; YES_AUTO only means the frequency let
 * it be skipped). Older exports wrote numbers (2 checked, 1 implied, 0 not, -1 unknown); a numerical
 * habit's column holds thousandths (2500 is 2.5), logged as the event's value.
 */
const LOOP_WORDS = new Set(['YES_MANUAL', 'YES_AUTO', 'NO', 'UNKNOWN', 'SKIP']);

export function loopRecords(text: string, issues: RowIssue[]): RowsRead {
  const { header, rows } = csvRows(text);
  if (header[0] !== 'Date' || header.length < 2)
    throw Invalid.at(['csv'], "Not Loop Habit Tracker's Checkmarks.csv: the first column must be Date");
  const habits = header.slice(1).filter(Boolean);
  const coded = new Map(
    habits.map((h) => [h, rows.every((r) => r[h] === '' || LOOP_WORDS.has(r[h]) || ['-1', '0', '1', '2', '3'].includes(r[h]))]),
  );
  const records: ImportRecord[] = [];
  rows.forEach((r, i) => {
    const row = i + 2;
    const localDate = dateOf(r.Date);
    if (!localDate) return issues.push({ row, column: 'Date', msg: `Not a date: "${r.Date}"` });
    for (const habit of habits) {
      const value = r[habit];
      const base = { row, localDate, time: null, key: `loop|${habit}|${localDate}`, readings: [] };
      if (value === 'YES_MANUAL' || (coded.get(habit) && value === '2')) {
        records.push({ ...base, event: { category: habit, booleanValue: true } });
      } else if (!coded.get(habit) && !LOOP_WORDS.has(value) && value !== '') {
        const n = Number(value);
        if (!Number.isFinite(n)) issues.push({ row, column: habit, msg: `Not a Loop value: "${value}"` });
        else if (n > 0) records.push({ ...base, event: { category: habit, scalarValue: n / 1000 } });
      }
    }
  });
  return { rows: rows.length, records };
}
