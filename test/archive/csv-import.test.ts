import { readFileSync } from 'node:fs';
import { withServer, type HttpServer } from '../helpers/server.ts';
import { expect422, expectError } from '../helpers/expect.ts';
import { gqlData, readOnly } from '../helpers/graphql.ts';
import { signUp, type TestUser } from '../helpers/users.ts';

let server: HttpServer;
let other: TestUser;
withServer((f) => ({ server, other } = f));

const fixture = (path: string) => readFileSync(new URL(`../fixtures/imports/${path}`, import.meta.url), 'utf8');
const importCsv = (user: TestUser, body: object) => server.api().post(`/users/${user.id}/import/csv`).set(user.auth).send(body);
const events = async (user: TestUser) =>
  (await server.api().get(`/users/${user.id}/events`).query({ limit: 500 }).set(user.auth)).body as Record<string, any>[];
const readings = async (user: TestUser, slug: string) =>
  (await server.api().get(`/users/${user.id}/health/metrics`).query({ metric_type_slug: slug, limit: 500 }).set(user.auth)).body as Record<
    string,
    any
  >[];

test("Daylio: each entry an event at its local time with its activities as tags; renamed moods scored by the user's own names; a second import adds nothing", async () => {
  const u = await signUp(server, { timezone: 'Europe/Berlin' });
  const csv = fixture('daylio/sample.csv');
  const first = await importCsv(u, { preset: 'daylio', csv, daylio_moods: { sad: 2, average: 3 } });
  expect(first.status).toBe(200);
  expect(first.body).toMatchObject({
    rows: 3,
    created: { events: 3, readings: 3, categories: 0 },
    skipped: { events: 0, readings: 0 },
    refused: 0,
  });
  const list = await events(u);
  const sept28 = list.find((e) => e.local_date === '2021-09-28')!;
  // 10:00 pm in Berlin (summer time) is 20:00 UTC.
  expect(sept28).toMatchObject({ occurred_at: '2021-09-28T20:00:00.000Z', source: 'import' });
  expect(sept28.tags).toEqual(expect.arrayContaining(['clean', 'music', 'movies / tv', 'bad sleep', 'stomachache']));
  expect((await readings(u, 'mood')).map((r) => [r.recorded_at, r.value, r.source]).sort()).toEqual([
    ['2021-09-26T21:00:00.000Z', 3, 'daylio'],
    ['2021-09-27T21:00:00.000Z', 3, 'daylio'],
    ['2021-09-28T20:00:00.000Z', 2, 'daylio'],
  ]);

  const again = await importCsv(u, { preset: 'daylio', csv, daylio_moods: { sad: 2, average: 3 } });
  expect(again.body).toMatchObject({ created: { events: 0, readings: 0 }, skipped: { events: 3, readings: 3 } });
  expect(await events(u)).toHaveLength(3);
});

test('Daylio: moods without a score are kept as a tag and reported; the older seven-column export reads too', async () => {
  const u = await signUp(server);
  const res = await importCsv(u, { preset: 'daylio', csv: fixture('daylio/sample_multiple_moods.csv') });
  expect(res.body.created).toMatchObject({ events: 7, readings: 2 }); // good and bad are Daylio's own
  expect(res.body.issues.map((i: { row: number; column: string }) => [i.row, i.column])).toEqual([
    [2, 'mood'],
    [3, 'mood'],
    [4, 'mood'],
    [6, 'mood'],
    [8, 'mood'],
  ]);
  expect((await events(u)).find((e) => e.tags?.includes('mood:refreshed'))).toBeDefined();

  const legacy = await importCsv(u, {
    preset: 'daylio',
    csv: fixture('daylio/legacy.csv'),
    daylio_moods: { happy: 4, average: 3, horrible: 1 },
  });
  expect(legacy.body).toMatchObject({ rows: 3, created: { events: 3, readings: 3 }, refused: 0 });
  expect((await events(u)).find((e) => e.notes === 'Went to a party')).toMatchObject({
    local_date: '2018-05-18',
    occurred_at: '2018-05-18T23:54:00.000Z',
  });
});

test("Loop Habit Tracker: each day checked by hand is an event in the habit's category; implied, missed and unknown days are not", async () => {
  const u = await signUp(server);
  const res = await importCsv(u, { preset: 'loop', csv: fixture('loop/Checkmarks.csv') });
  expect(res.status).toBe(200);
  // Wake up early: YES_MANUAL on 6 of the 10 days; Meditate: UNKNOWN throughout.
  expect(res.body).toMatchObject({ rows: 10, created: { events: 6, categories: 1 }, refused: 0 });
  const cats = (await server.api().get(`/users/${u.id}/categories`).set(u.auth)).body as { id: string; name: string }[];
  const wake = cats.find((c) => c.name === 'Wake up early')!;
  const list = await events(u);
  expect(list.every((e) => e.category_id === wake.id && e.boolean_value === true)).toBe(true);
  expect(list.map((e) => e.local_date).sort()).toEqual([
    '2015-01-16',
    '2015-01-17',
    '2015-01-20',
    '2015-01-21',
    '2015-01-22',
    '2015-01-25',
  ]);
  expect((await importCsv(u, { preset: 'loop', csv: fixture('loop/Checkmarks.csv') })).body.skipped.events).toBe(6);

  // The older numeric export: 2 is checked, 1 implied; a numerical habit's thousandths are the event's value.
  const numbers = await importCsv(u, { preset: 'loop', csv: fixture('loop/Checkmarks-numbers.csv') });
  expect(numbers.body.created).toMatchObject({ events: 4, categories: 2 });
  const pushUps = (await events(u)).filter((e) => e.scalar_value !== null).map((e) => [e.local_date, e.scalar_value]);
  expect(pushUps.sort()).toEqual([
    ['2019-03-02', 22.5],
    ['2019-03-04', 15],
  ]);
});

test('Daylio rows repeating an entry in one file: the same again counts as there, other contents are a conflict, a bad row is refused alone', async () => {
  const u = await signUp(server);
  const many = Array.from({ length: 60 }, (_, k) => `thing ${k}`).join(' | ');
  const csv = [
    'full_date,date,weekday,time,mood,activities,note_title,note',
    '2024-03-01,1 March,Friday,8:00 am,good,"walk","",""',
    '2024-03-01,1 March,Friday,8:00 am,good,"walk","",""',
    '2024-03-01,1 March,Friday,8:00 am,awful,"walk","","changed my mind"',
    `2024-03-02,2 March,Saturday,8:00 am,meh,"${many}","",""`,
    '2024-03-03,3 March,Sunday,8:00 am,rad,"run","",""',
  ].join('\n');
  const res = await importCsv(u, { preset: 'daylio', csv });
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({ rows: 5, created: { events: 2 }, skipped: { events: 1 }, refused: 2 });
  expect(res.body.issues).toEqual([
    { row: 4, column: null, msg: 'This row was imported before with other contents: kept as it was' },
    { row: 5, column: 'tags', msg: expect.stringContaining('tags') },
  ]);
  const list = await events(u);
  expect(list.map((e) => [e.local_date, e.tags]).sort()).toEqual([
    ['2024-03-01', ['walk']],
    ['2024-03-03', ['run']],
  ]);
  // The whole file again: nothing new, the same refusals.
  const again = await importCsv(u, { preset: 'daylio', csv });
  expect(again.body).toMatchObject({ created: { events: 0 }, skipped: { events: 3 }, refused: 2 });
  expect(await events(u)).toHaveLength(2);
});

test('any CSV through a mapping: an event per row in a category, readings per mapped column; bad rows refused with their row, the rest kept', async () => {
  const u = await signUp(server, { timezone: 'America/New_York' });
  const csv = [
    'Day,At,Weight (lb),Feeling,Comment',
    '2026-01-05,07:30,180.5,ok,"morning, before coffee"',
    '2026-01-06,,179,great,',
    'yesterday,07:00,178,,',
    '2026-01-08,07:15,heavy,,',
  ].join('\n');
  const res = await importCsv(u, {
    csv,
    mapping: {
      date_column: 'Day',
      time_column: 'At',
      event: { notes_columns: ['Comment'], tags_column: 'Feeling', category: 'Weigh-in' },
      metrics: [{ column: 'Weight (lb)', metric_type_slug: 'weight', unit: 'lb' }],
    },
  });
  expect(res.body).toMatchObject({ rows: 4, created: { events: 3, readings: 2, categories: 1 } });
  expect(res.body.issues).toEqual([
    { row: 4, column: 'Day', msg: 'Not a date: "yesterday"' },
    { row: 5, column: 'Weight (lb)', msg: 'Not a number: "heavy"' },
  ]);
  const weights = await readings(u, 'weight');
  expect(weights.map((r) => [r.recorded_at, Math.round(r.value * 100) / 100]).sort()).toEqual([
    ['2026-01-05T12:30:00.000Z', 81.87],
    ['2026-01-06T17:00:00.000Z', 81.19],
  ]);
  expect((await events(u)).find((e) => e.local_date === '2026-01-05')).toMatchObject({ notes: 'morning, before coffee', tags: ['ok'] });
});

test('the request is checked: one of preset or mapping, columns that exist, a readable CSV; a read-only token and another user are refused; GraphQL does the same', async () => {
  const u = await signUp(server);
  expect422(await importCsv(u, { csv: 'a,b\n1,2' }), ['body', 'mapping']);
  expect422(await importCsv(u, { csv: 'a\n1', preset: 'daylio', mapping: { date_column: 'a', event: {} } }), ['body', 'mapping']);
  expect422(await importCsv(u, { csv: 'a,b\n1,2', preset: 'fitbit' }), ['body', 'preset']);
  expect422(await importCsv(u, { csv: 'a,b\n1,2', mapping: { date_column: 'when', event: {} } }), ['body', 'mapping', 'date_column']);
  expect422(await importCsv(u, { csv: 'a,b\n1,2', mapping: { date_column: 'a' } }), ['body', 'mapping', 'event']);
  expect422(await importCsv(u, { csv: 'a,b\n1,2', preset: 'daylio' }), ['body', 'csv']);
  expect422(await importCsv(u, { csv: 'Date,X\n"2026-01-01,2', preset: 'loop' }), ['body', 'csv']);
  expect422(await importCsv(u, { csv: '', preset: 'loop' }), ['body', 'csv']);
  expectError(
    await server
      .api()
      .post(`/users/${u.id}/import/csv`)
      .set((await readOnly(server, u)).auth)
      .send({ csv: 'a', preset: 'loop' }),
    403,
  );
  expectError(await importCsv(u, { csv: 'a', preset: 'loop' }).set(other.auth), 403);

  const data = await gqlData(
    server,
    u,
    `mutation($input: CsvImportInput!) { importCsv(input: $input) { rows created skipped refused issues } }`,
    {
      input: { preset: 'daylio', csv: fixture('daylio/sample.csv'), daylioMoods: { sad: 2, average: 3 } },
    },
  );
  expect(data.importCsv).toMatchObject({ rows: 3, created: { events: 3, readings: 3 }, refused: 0 });
});
