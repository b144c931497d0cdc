import { Invalid } from '../../core/errors.ts';
import { dateOf, quoted, rowObject, timeOf, type CsvReader, type ImportRecord } from './csv-rows.ts';

/**
 * Daylio's "Export entries" CSV: full_date,date,weekday,time,mood,activities,note_title,note (older
 * exports: year,date,weekday,time,mood,activities,note, the date as "18 May"). Each entry is an
 * event (its activities as tags, its title and note as notes) and a mood reading on Daylio's
 * default five-point scale; a renamed mood that is not a number is kept in the event alone.
 */
const DAYLIO_MOODS: Record<string, number> = { rad: 5, good: 4, meh: 3, bad: 2, awful: 1 };

export function daylioReader(header: string[], moods: Record<string, number> | undefined, fileLoc: (string | number)[]): CsvReader {
  const scores = { ...DAYLIO_MOODS, ...Object.fromEntries(Object.entries(moods ?? {}).map(([k, v]) => [k.toLowerCase(), v])) };
  const modern = header.includes('full_date');
  for (const col of [modern ? 'full_date' : 'year', 'date', 'time', 'mood', 'activities']) {
    if (!header.includes(col))
      throw Invalid.at(
        fileLoc,
        `Not a Daylio export: no "${col}" column (expected full_date,date,weekday,time,mood,activities,note_title,note)`,
      );
  }
  return {
    read(cells, row, issue) {
      const r = rowObject(header, cells);
      const localDate = modern ? dateOf(r.full_date) : dateOf(r.date, r.year);
      if (!localDate) return (issue(modern ? 'full_date' : 'date', `Not a date: ${quoted(modern ? r.full_date : r.date)}`), []);
      const time = timeOf(r.time);
      if (!time) return (issue('time', `Not a time: ${quoted(r.time)}`), []);
      const mood = r.mood.toLowerCase();
      const score = scores[mood] ?? (/^\d+(\.\d+)?$/.test(mood) ? Number(mood) : undefined);
      if (score === undefined && mood)
        issue(
          'mood',
          `Mood ${quoted(r.mood)} has no score (Daylio's are rad, good, meh, bad, awful; name yours in daylio_moods): kept as a tag`,
          'note',
        );
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
    },
  };
}

/**
 * Loop Habit Tracker's Checkmarks.csv (the one of every habit, at the top of its CSV export's ZIP):
 * Date then a column per habit, newest day first, a trailing comma on each line. A day is an event
 * in the habit's category when it was checked by hand (YES_MANUAL; YES_AUTO only means the
 * frequency let it be skipped). Older exports wrote numbers (2 checked, 1 implied, 0 not, -1
 * unknown); a numerical habit's column holds thousandths (2500 is 2.5), logged as the event's value.
 * The day is the user's own calendar day as Loop kept it: the event is dated that day, at noon in
 * the user's timezone.
 *
 * Loop writes the header's habit names as they are, unquoted (HabitsCSVExporter), so a name with a
 * comma spans two header cells: habits are read by column, a header cell that starts with a space
 * and has no column of values of its own is the rest of the name before it, and a name two habits
 * share is told apart by its column ("Run (2)"). Read by name, the values of every habit after
 * such a name were the next habit's (its done days landed in another habit's category), and two
 * habits of one name were one.
 */
const LOOP_WORDS = new Set(['YES_MANUAL', 'YES_AUTO', 'NO', 'UNKNOWN', 'SKIP']);
const LOOP_CODES = new Set(['-1', '0', '1', '2', '3']);

export function loopReader(rawHeader: string[], fileLoc: (string | number)[]): CsvReader {
  const header = rawHeader.map((h) => h.trim());
  if (header[0] !== 'Date' || header.length < 2)
    throw Invalid.at(fileLoc, "Not Loop Habit Tracker's Checkmarks.csv: the first column must be Date");
  if (header.length === 3 && header[1] === 'Value' && header[2] === 'Notes')
    throw Invalid.at(
      fileLoc,
      "This is one habit's Checkmarks.csv (Date,Value,Notes), which does not name its habit: import the Checkmarks.csv at the top of Loop's export, which has a column per habit",
    );
  // Per column of values (1..): whether every value is one of the codes (then 2 is a check), seen in the survey.
  const coded: boolean[] = [];
  let width = 0;
  let habits: { name: string; column: number }[] = [];

  return {
    survey(cells) {
      let last = cells.length - 1;
      while (last > 0 && cells[last].trim() === '') last--;
      width = Math.max(width, last + 1);
      for (let i = 1; i < cells.length; i++) {
        const v = cells[i].trim();
        if (coded[i] === false) continue;
        coded[i] = v === '' || LOOP_WORDS.has(v) || LOOP_CODES.has(v);
      }
    },
    /** After the survey: which column each habit's values are in. */
    surveyed() {
      const names = rawHeader.slice(1);
      while (names.length && names[names.length - 1].trim() === '') names.pop();
      // A name Loop wrote with ", " in it: joined back while the header has more names than the rows have values.
      const joined: string[] = [];
      let extra = names.length - Math.max(0, width - 1);
      for (const n of names) {
        if (extra > 0 && joined.length && /^\s/.test(n)) {
          joined[joined.length - 1] += `,${n}`;
          extra--;
        } else joined.push(n);
      }
      if (width > 1 && joined.length > width - 1)
        throw Invalid.at(
          fileLoc,
          `The header names ${joined.length} habits but the rows have ${width - 1} values: a habit name with a comma? Rename it in Loop and export again`,
        );
      const seen = new Map<string, number>();
      habits = joined.flatMap((raw, i) => {
        const name = raw.trim();
        if (!name) return [];
        const n = (seen.get(name) ?? 0) + 1;
        seen.set(name, n);
        return [{ name: n === 1 ? name : `${name} (${n})`, column: i + 1 }];
      });
    },
    read(cells, row, issue) {
      const localDate = dateOf((cells[0] ?? '').trim());
      if (!localDate) return (issue('Date', `Not a date: ${quoted((cells[0] ?? '').trim())}`), []);
      const records: ImportRecord[] = [];
      for (const { name, column } of habits) {
        const value = (cells[column] ?? '').trim();
        const base = { row, localDate, time: null, key: `loop|${name}|${localDate}`, readings: [] };
        if (value === 'YES_MANUAL' || (coded[column] !== false && value === '2')) {
          records.push({ ...base, event: { category: name, booleanValue: true } });
        } else if (coded[column] === false && !LOOP_WORDS.has(value) && value !== '') {
          const n = Number(value);
          if (!Number.isFinite(n)) issue(name, `Not a Loop value: ${quoted(value)}`);
          else if (n > 0) records.push({ ...base, event: { category: name, scalarValue: n / 1000 } });
        }
      }
      return records;
    },
  };
}
