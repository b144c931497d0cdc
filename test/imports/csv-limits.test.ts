import type { ServerProcess } from '../helpers/process.ts';
import { signUp, type TestUser } from '../helpers/users.ts';
import { rssMb, withBoundedServer } from './bounded-server.ts';

/**
 * POST /users/{id}/import/csv with the files that took the server down: a 1 MB Daylio export of
 * long entries and a 4 MB CSV of many columns through a mapping (410 MB of RSS and 142 s of CPU for
 * a 1 MB file; 1.6 GB, 190 s of CPU and requests stalled for seconds at a time for the 4 MB one,
 * measured at 8207cbc), and a row of 2 MB. The server runs in its own process with its JavaScript
 * heap capped at HEAP_MB (the old import held several times the file at once and needed ten
 * times that), and its resident memory is sampled while each import runs.
 */
/** RSS growth allowed for one import: the heap's cap, as the embedded database grows its own memory beside it. */
const GROWTH_BOUND_MB = 192;

let server: ServerProcess;
withBoundedServer((s) => (server = s));

/** The import's answer, with the server's RSS growth while it ran and the time it took. */
async function measured(user: TestUser, body: object) {
  const pid = server.child.pid!;
  const baseline = rssMb(pid);
  let peak = baseline;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 25);
  const started = Date.now();
  try {
    const res = await server.api().post(`/users/${user.id}/import/csv`).set(user.auth).send(body);
    return { res, growthMb: peak - baseline, seconds: (Date.now() - started) / 1000 };
  } finally {
    clearInterval(sampler);
  }
}

const day = (i: number) => new Date(Date.UTC(2015, 0, 1) + i * 86_400_000).toISOString().slice(0, 10);

/** Daylio's export: `rows` entries of 40 activities and a long note; every 10th with 60 activities (over the 50 tags an event keeps). */
function daylioCsv(bytes: number): { csv: string; rows: number; refused: number } {
  const lines = ['full_date,date,weekday,time,mood,activities,note_title,note'];
  let size = 0;
  let refused = 0;
  for (let i = 0; size < bytes; i++) {
    const many = i % 10 === 9;
    if (many) refused++;
    const activities = Array.from({ length: many ? 60 : 40 }, (_, k) => `activity ${(i + k) % 120}`).join(' | ');
    const note = `Day ${i}: ${'walked, read, cooked, "called mum", slept early; '.repeat(8)}`.replace(/"/g, '""');
    const line = `${day(i)},${day(i).slice(5)},Monday,${1 + (i % 12)}:15 pm,${['rad', 'good', 'meh', 'bad', 'awful'][i % 5]},"${activities}",Title ${i},"${note}"`;
    lines.push(line);
    size += line.length + 1;
  }
  return { csv: lines.join('\n'), rows: lines.length - 1, refused };
}

/** Every metric a column may map to that takes any non-negative number (the mapping's cap is 50 columns). */
const METRICS = [
  ...['steps', 'distance', 'active_energy', 'workout_minutes', 'sleep_duration', 'weight', 'body_fat', 'resting_heart_rate', 'heart_rate'],
  ...['hrv_sdnn', 'blood_pressure_systolic', 'blood_pressure_diastolic', 'blood_glucose', 'body_temperature', 'water', 'caffeine', 'spo2'],
  ...[
    'respiratory_rate',
    'mindful_minutes',
    'dietary_energy',
    'protein',
    'floors_climbed',
    'vo2_max',
    'carbohydrates',
    'fat',
    'saturated_fat',
  ],
  ...[
    'trans_fat',
    'fiber',
    'sugar',
    'added_sugar',
    'cholesterol',
    'sodium',
    'potassium',
    'calcium',
    'iron',
    'vitamin_a',
    'vitamin_c',
    'vitamin_d',
  ],
];

/** A spreadsheet of `columns` columns: a date, a note, then numbers; every 25th row's first metric is not a number. */
function wideCsv(bytes: number, columns: number): { csv: string; rows: number } {
  const lines = [['date', 'note', ...Array.from({ length: columns - 2 }, (_, k) => `c${k}`)].join(',')];
  let size = 0;
  for (let i = 0; size < bytes; i++) {
    const cells = Array.from({ length: columns - 2 }, (_, k) => (k === 0 && i % 25 === 24 ? 'n/a' : String(((i * 7 + k) % 900) + 1)));
    const line = [day(i), `row ${i}`, ...cells].join(',');
    lines.push(line);
    size += line.length + 1;
  }
  return { csv: lines.join('\n'), rows: lines.length - 1 };
}

test('a 1 MB Daylio export of long entries: every row read, in bounded memory; importing it again adds nothing', async () => {
  const u = await signUp(server, { timezone: 'Europe/Berlin' });
  const { csv, rows, refused } = daylioCsv(1024 * 1024);
  const first = await measured(u, { preset: 'daylio', csv });
  console.log(
    `[csv] Daylio ${(csv.length / 1048576).toFixed(2)} MB, ${rows} rows: ${first.seconds} s, RSS +${first.growthMb.toFixed(0)} MB`,
  );
  expect(first.res.status).toBe(200);
  expect(first.res.body).toMatchObject({
    rows,
    created: { events: rows - refused, readings: rows, categories: 0 },
    skipped: { events: 0, readings: 0 },
    refused,
  });
  expect(first.res.body.issues[0]).toEqual({ row: 11, column: 'tags', msg: expect.stringContaining('tags') });
  expect(first.growthMb).toBeLessThan(GROWTH_BOUND_MB);

  const again = await measured(u, { preset: 'daylio', csv });
  expect(again.res.body).toMatchObject({
    rows,
    created: { events: 0, readings: 0 },
    skipped: { events: rows - refused, readings: rows },
    refused,
  });
}, 300_000);

test(`a 4 MB CSV of 300 columns through a mapping: an event and ${METRICS.length} readings per row, in bounded memory, the server answering meanwhile`, async () => {
  const u = await signUp(server);
  const { csv, rows } = wideCsv(4 * 1024 * 1024, 300);
  const bad = Math.floor(rows / 25);
  const mapping = {
    date_column: 'date',
    event: { notes_columns: ['note'], category: 'Spreadsheet' },
    metrics: METRICS.map((slug, k) => ({ column: `c${k}`, metric_type_slug: slug })),
  };
  // /healthz while it runs (it answers from the process alone): the import never holds the event
  // loop for long. (Another user's database reads also wait, on the embedded database, for the
  // import's transactions: one runs at a time there.)
  let running = true;
  let slowest = 0;
  const reads = (async () => {
    while (running) {
      const at = Date.now();
      expect((await server.api().get('/healthz')).status).toBe(200);
      slowest = Math.max(slowest, Date.now() - at);
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  let first;
  try {
    first = await measured(u, { csv, mapping });
  } finally {
    running = false;
    await reads;
  }
  console.log(
    `[csv] mapped ${(csv.length / 1048576).toFixed(2)} MB, ${rows} rows x 300 columns: ${first.seconds} s, RSS +${first.growthMb.toFixed(0)} MB, slowest /healthz ${slowest} ms`,
  );
  expect(first.res.status).toBe(200);
  // Each row's key (its values) is longer than a source_id: the readings' source_ids are its hash.
  expect(first.res.body).toMatchObject({
    rows,
    created: { events: rows, readings: rows * METRICS.length - bad, categories: 1 },
    skipped: { events: 0, readings: 0 },
    refused: bad,
  });
  expect(first.res.body.issues).toHaveLength(20);
  expect(first.res.body.issues[0]).toEqual({ row: 26, column: 'c0', msg: 'Not a number: "n/a"' });
  expect(first.growthMb).toBeLessThan(GROWTH_BOUND_MB);
  // Generous (the machine may be busy): the old import held the event loop for seconds at a time.
  expect(slowest).toBeLessThan(3_000);

  const again = await measured(u, { csv, mapping });
  expect(again.res.body).toMatchObject({
    created: { events: 0, readings: 0, categories: 0 },
    skipped: { events: rows, readings: rows * METRICS.length - bad },
  });
}, 600_000);

test('a row of 2 MB is refused as a row, never held: the rows around it are imported; a header that large refuses the file', async () => {
  const u = await signUp(server);
  const huge = 'x'.repeat(2 * 1024 * 1024);
  const csv = [
    'full_date,date,weekday,time,mood,activities,note_title,note',
    '2024-01-01,1 January,Monday,08:00,good,"walk","",""',
    // One quoted field of 2 MB with line breaks in it: one record, skipped to its end.
    `2024-01-02,2 January,Tuesday,08:00,good,"walk","","${huge}\n${huge}"`,
    `2024-01-03,3 January,Wednesday,08:00,good,"walk","",""`,
  ].join('\r\n');
  const { res, growthMb } = await measured(u, { preset: 'daylio', csv });
  expect(res.status).toBe(200);
  expect(res.body).toEqual({
    rows: 3,
    created: { events: 2, readings: 2, categories: 0 },
    skipped: { events: 0, readings: 0 },
    refused: 1,
    issues: [{ row: 3, column: null, msg: 'Over 1048576 bytes: not read' }],
  });
  expect(growthMb).toBeLessThan(GROWTH_BOUND_MB);
  const dates = (await server.api().get(`/users/${u.id}/events`).set(u.auth)).body.map((e: { local_date: string }) => e.local_date);
  expect(dates.sort()).toEqual(['2024-01-01', '2024-01-03']);

  const header = await server
    .api()
    .post(`/users/${u.id}/import/csv`)
    .set(u.auth)
    .send({ preset: 'daylio', csv: `full_date,${huge}\n2024-01-01` });
  expect(header.status).toBe(422);
  expect(header.body.detail).toEqual([{ loc: ['body', 'csv'], msg: 'The header is over 1048576 bytes', type: 'value_error' }]);
}, 120_000);
