import { waitParsed } from '../captures/flow.ts';
import { randomBytes, randomUUID } from 'node:crypto';
import { ZipFile } from 'yazl';
import { withServer, startIsolatedServer, type HttpServer, type IsolatedServer } from '../helpers/server.ts';
import { expect422, expectError } from '../helpers/expect.ts';
import { signUp, type TestUser } from '../helpers/users.ts';
import { binary, unzipText } from '../helpers/zip.ts';
import { imported } from '../imports/uploads.ts';
import { ingestOk, reading } from '../metrics/support.ts';

/** The round trip: an account exported from one server, imported into a fresh account on another, exported again. */
let a: HttpServer;
let b: IsolatedServer;
withServer((f) => (a = f.server));
beforeAll(async () => {
  b = await startIsolatedServer({ importMaxBytes: 1024 * 1024 });
});
afterAll(() => b?.stop());

type Json = Record<string, any>;

async function exportOf(server: HttpServer, user: TestUser): Promise<Buffer> {
  const res = await server.api().get(`/users/${user.id}/export`).set(user.auth).buffer(true).parse(binary);
  expect(res.status).toBe(200);
  return res.body as Buffer;
}
const importInto = (server: HttpServer, user: TestUser, zip: Buffer, type = 'application/zip') =>
  server.api().post(`/users/${user.id}/import`).set(user.auth).set('Content-Type', type).send(zip);

/**
 * Location samples as a phone sends them: to the millisecond and beyond 1e-6 degrees (stored
 * rounded), one so close to 0° that PostgreSQL spells it with an exponent. Hours and countries
 * apart: no stay is detected among them.
 */
const SAMPLES = [
  { recorded_at: '2026-03-01T09:15:30.789Z', lat: 52.52000049, lng: 13.40499951, accuracy_m: 12.5 },
  { recorded_at: '2026-03-01T14:00:00+01:00', lat: 48.8566, lng: 2.3522, accuracy_m: null },
  { recorded_at: '2026-03-02T06:00:00Z', lat: 0.00001, lng: -0.000004 },
];

/** A user with something of every kind the archive carries. */
async function livedIn(user: TestUser): Promise<void> {
  const api = (method: 'post' | 'put' | 'patch', path: string, body: object) => {
    const agent = a.api();
    const url = `/users/${user.id}${path}`;
    return (method === 'put' ? agent.put(url) : method === 'patch' ? agent.patch(url) : agent.post(url)).set(user.auth).send(body);
  };
  const cat = await api('post', '/categories', { name: 'Walks', color: '#00ff00' });
  const food = await api('post', '/food-items', { name: 'Oats', brand: 'Mill', nutrition: { energy_kcal: 380, protein_g: 13 } });
  const meal = await api('post', '/saved-meals', { name: 'Breakfast', items: [{ food_item_id: food.body.id, servings: 2 }] });
  await api('post', '/events', {
    category_id: cat.body.id,
    notes: 'park',
    tags: ['outside'],
    duration: 'PT45M',
    occurred_at: '2026-03-01T08:00:00Z',
  });
  await api('post', '/events', { saved_meal_id: meal.body.id, occurred_at: '2026-03-01T07:00:00Z' });
  await api('post', '/events', { encrypted_payload: 'ciphertext-AAAA', client_id: '6f1c1c38-6a36-4c64-9b35-4b7cbf2a1a01' });
  await ingestOk(a, user, [
    reading({ value: 4200, source_id: 'w1' }),
    // HealthKit's upper-case uuids, the same in lower case (another source_id), and mixed case: each comes back as it was spelled.
    ...['0B3F6C2E-4D5A-4E8B-9C1D-2E3F4A5B6C7D', '0b3f6c2e-4d5a-4e8b-9c1d-2e3f4a5b6c7d', '0B3F6C2E-4d5a-4e8b-9c1d-2e3f4a5b6c7d'].map(
      (source_id, i) => reading({ value: 5100 + i, source: 'Apple Watch', source_id, recorded_at: `2026-03-01T1${3 + i}:00:00Z` }),
    ),
    reading({ metric_type_slug: 'weight', value: 70.5, unit: 'kg', recorded_at: '2026-03-02T07:00:00Z' }),
  ]);
  expect((await api('post', '/locations', { samples: SAMPLES })).body.created_count).toBe(SAMPLES.length);
  await api('put', '/goals/steps', { target: 8000, direction: 'at_least' });
  await api('put', '/goals/weight', { target: 72, direction: 'at_most', period: 'week', times_per_period: 3 });
  // Skip days are part of their goal: the archive carries them (its read does not list them).
  await api('post', '/goals/steps/skips', { dates: ['2026-03-03', '2026-03-05'] });
  const defs = (await a.api().get(`/users/${user.id}/metric-definitions`).set(user.auth)).body as Json[];
  const steps = defs.find((d) => d.metric_type_slug === 'steps')!;
  await api('patch', `/metric-definitions/${steps.id}`, { display_name: 'Daily steps' });
  await api('post', `/metric-definitions/${steps.id}/automations`, {
    trigger_type: 'threshold',
    trigger_config: { operator: 'gte', value: 10000 },
    action_type: 'log_event',
    action_config: { tags: ['goal'] },
  });
  const place = await api('post', '/places', { name: 'Home', lat: 52.5, lng: 13.4, aliases: ['flat'] });
  await api('post', `/places/${place.body.id}/visits`, { occurred_at: '2026-03-01T18:00:00Z', note: 'back' });
  await api('post', '/routines', { name: 'Morning', time_of_day: 'morning', items: ['stretch', 'water'] });
  await api('post', '/experiments', {
    hypothesis: 'Walks help',
    intervention: `category:${cat.body.id}`,
    outcome: 'steps',
    design: 'randomized',
    start: '2026-02-23',
    block_days: 2,
    seed: 9,
  });
  await api('post', '/tracking-timers', { label: 'reading', started_at: new Date(Date.now() - 60_000).toISOString() });
  await api('post', '/narratives', { period_start: '2026-11-09', narrative_text: 'A steady week.' });
  await api('put', '/encryption-key', { kdf_salt: 'c2FsdA==', verifier: 'dmVy', wrapped_dek: 'ZGVr', kdf_params: { alg: 'argon2id' } });
  await api('put', '/encryption-key', { kdf_salt: 'bmV3', verifier: 'bmV3dg==', wrapped_dek: 'bmV3ZA==', kdf_params: {} });
  const capture = await api('post', '/log-captures', { text: 'drank 2 coffees and walked 3000 steps' });
  // Parsed (not only taken up: `processing` has no suggestions yet), however busy the machine.
  await waitParsed(a, user, capture.body.id);
  const [first] = (await a.api().get(`/users/${user.id}/suggestions`).set(user.auth)).body.suggestions as Json[];
  await api('post', `/suggestions/${first.id}/accept`, {});
}

/** An archive's files as comparable data: each NDJSON by id, the account's own defaults by what they are. */
function comparable(files: Map<string, string>, userId: string): Record<string, Json[]> {
  const out: Record<string, Json[]> = {};
  for (const [name, text] of files) {
    if (!name.endsWith('.ndjson') || name === 'profile.ndjson') continue;
    const lines = text
      .replaceAll(userId, '<user>')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Json);
    out[name] = lines
      .map((l) => {
        // Every account has its own definitions and default sources: compared by metric and kind, not id.
        if (name === 'metric_definition.ndjson') return { ...l, id: l.metric_type_slug };
        if (name === 'event_source.ndjson' && l.is_default) return { ...l, id: l.kind, created_at: null, updated_at: null };
        return l;
      })
      .sort((x, y) => String(x.id ?? x.slug ?? '').localeCompare(String(y.id ?? y.slug ?? '')));
  }
  return out;
}

test('export, import into a fresh account on another server, export again: the same records, field for field; importing again adds nothing', async () => {
  const alice = await signUp(a, { timezone: 'Europe/Berlin' });
  await livedIn(alice);
  const first = await exportOf(a, alice);

  const bob = await signUp(b, { timezone: 'Europe/Berlin' });
  const imported = await importInto(b, bob, first);
  expect(imported.status).toBe(200);
  expect(imported.body.from_user_id).toBe(alice.id);
  const refusals = Object.entries(imported.body.types as Record<string, { refused: number; reasons: string[] }>).filter(
    ([, t]) => t.refused,
  );
  expect(refusals).toEqual([]);
  // Every resource of the archive is created, but the account's own profile, definitions and default sources.
  const manifest = JSON.parse((await unzipText(first)).get('manifest.json')!) as { counts: Record<string, number> };
  for (const [type, n] of Object.entries(manifest.counts)) {
    // Shares are history in an archive: a link's token is not in it (only its hash was kept), so none would open again.
    // Push subscriptions likewise: their endpoints and keys are not in it, and a browser subscribes again on its own.
    if (['profile', 'metric_definition', 'event_source', 'share', 'push_subscription'].includes(type)) continue;
    expect([type, imported.body.types[type]?.created]).toEqual([type, n]);
  }
  expect(Object.keys(manifest.counts)).toEqual(
    expect.arrayContaining(['event', 'health_metric', 'suggestion', 'log_capture', 'replaced_encryption_key', 'place_visit']),
  );
  expect(manifest.counts.location_sample).toBe(SAMPLES.length);
  // Every record of the archive is counted once: the profile, the account's own, as already there.
  expect(imported.body.types.profile).toEqual({ created: 0, skipped: 1, refused: 0, reasons: [] });
  const counted = Object.values(imported.body.types as Record<string, { created: number; skipped: number; refused: number }>).reduce(
    (n, t) => n + t.created + t.skipped + t.refused,
    0,
  );
  expect(counted).toBe(Object.values(manifest.counts).reduce((a, b) => a + b, 0));

  const again = await exportOf(b, bob);
  const before = comparable(await unzipText(first), alice.id);
  const after = comparable(await unzipText(again), bob.id);
  expect(Object.keys(after).sort()).toEqual(Object.keys(before).sort());
  for (const file of Object.keys(before)) expect([file, after[file]]).toEqual([file, before[file]]);
  expect(after['goal.ndjson'].map((g) => [g.slug, g.skips])).toEqual([
    ['steps', ['2026-03-03', '2026-03-05']],
    ['weight', []],
  ]);
  const skips = await b.api().get(`/users/${bob.id}/goals/steps/skips`).set(bob.auth);
  expect(skips.body).toEqual((await a.api().get(`/users/${alice.id}/goals/steps/skips`).set(alice.auth)).body);
  // The day summaries are the same too: readings' daily rollups were rebuilt.
  const days = (user: TestUser, server: HttpServer) => server.api().get(`/users/${user.id}/days/2026-03-01`).set(user.auth);
  expect((await days(bob, b)).body).toEqual((await days(alice, a)).body);

  const twice = await importInto(b, bob, first);
  for (const [type, t] of Object.entries(twice.body.types as Record<string, { created: number }>))
    expect([type, t.created]).toEqual([type, 0]);
  expect(twice.body.types.location_sample).toEqual({ created: 0, skipped: SAMPLES.length, refused: 0, reasons: [] });

  // The samples came home as they were stored: the same samples sent to the new account again are all there already.
  expect(after['location_sample.ndjson']).toHaveLength(SAMPLES.length);
  const resent = await b.api().post(`/users/${bob.id}/locations`).set(bob.auth).send({ samples: SAMPLES });
  expect(resent.status).toBe(200);
  expect(resent.body).toMatchObject({ created_count: 0, skipped_count: SAMPLES.length });
});

/** An archive of these types' lines only, as a hand-edited export would be. */
async function archiveOf(files: Partial<Record<string, string[]>>): Promise<Buffer> {
  const zip = new ZipFile();
  const manifest = {
    format: 'lifetrack-archive',
    format_version: 1,
    user_id: randomUUID(),
    timezone: 'UTC',
    exported_at: new Date().toISOString(),
    counts: Object.fromEntries(Object.entries(files).map(([type, lines]) => [type, lines!.length])),
    files: Object.keys(files).map((type) => `${type}.ndjson`),
  };
  zip.addBuffer(Buffer.from(JSON.stringify(manifest)), 'manifest.json');
  for (const [type, lines] of Object.entries(files)) zip.addBuffer(Buffer.from(lines!.join('\n')), `${type}.ndjson`);
  zip.end();
  const chunks: Buffer[] = [];
  for await (const c of zip.outputStream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}
const samplesArchive = (lines: string[]) => archiveOf({ location_sample: lines });

test('location samples: stored rounded as the places service stores them, repeats already there, a line without a usable time or position refused with its reason', async () => {
  const carol = await signUp(b);
  const line = (l: Json) => JSON.stringify({ id: 'ignored: recomputed from the rest', ...l });
  const zip = await samplesArchive([
    line({ recorded_at: '2026-04-01T10:00:00.400Z', lat: 47.3769001, lng: 8.5417, accuracy_m: 5 }),
    // The same sample as stored (its second, its micro-degrees), spelled in another offset.
    line({ recorded_at: '2026-04-01T12:00:00+02:00', lat: 47.3769, lng: 8.5417, accuracy_m: 7 }),
    line({ recorded_at: '2026-04-01T11:00:00Z', lat: 47.5, lng: 8.6 }),
    line({ recorded_at: 'yesterday', lat: 47.5, lng: 8.6 }),
    line({ recorded_at: '2026-04-01T11:00:00', lat: 47.5, lng: 8.6 }),
    line({ recorded_at: '2026-04-01T12:00:00Z', lat: 91, lng: 8.6 }),
    line({ recorded_at: '2026-04-01T13:00:00Z', lat: '47.5', lng: 8.6 }),
    line({ recorded_at: '2026-04-01T14:00:00Z', lat: 47.5, lng: 8.6, accuracy_m: -1 }),
    // Outside the years a time is stored in (refused after the first five, so not among the reasons).
    line({ recorded_at: '0999-12-31T23:00:00Z', lat: 47.5, lng: 8.6 }),
  ]);
  const res = await importInto(b, carol, zip);
  expect(res.status).toBe(200);
  expect(res.body.types.location_sample).toEqual({
    created: 2,
    skipped: 1,
    refused: 6,
    reasons: [
      'location_sample.ndjson line 4: recorded_at is not an ISO 8601 date-time with an offset',
      'location_sample.ndjson line 5: recorded_at is not an ISO 8601 date-time with an offset',
      'location_sample.ndjson line 6: 91, 8.6 is not a position',
      'location_sample.ndjson line 7: "47.5", 8.6 is not a position',
      'location_sample.ndjson line 8: accuracy_m is not a number of metres',
    ],
  });
  // As the account's own samples: the first line's, rounded, and the one an hour later.
  const sent = await b
    .api()
    .post(`/users/${carol.id}/locations`)
    .set(carol.auth)
    .send({
      samples: [
        { recorded_at: '2026-04-01T10:00:00Z', lat: 47.3769, lng: 8.5417 },
        { recorded_at: '2026-04-01T11:00:00.999Z', lat: 47.5000004, lng: 8.6 },
      ],
    });
  expect(sent.body).toMatchObject({ created_count: 0, skipped_count: 2 });
  // Through the import pipeline, each refusal counted by its reason, as a location history's are.
  const dave = await signUp(b);
  const job = await imported(b, dave, zip);
  expect(job).toMatchObject({ status: 'succeeded', detected_format: 'lifetrack_archive' });
  expect(job.counts).toMatchObject({ read: 9, created: 2, present: 1 });
  expect(Object.fromEntries(Object.entries(job.counts.skipped as Record<string, number>).filter(([, n]) => n))).toEqual({
    no_time: 2,
    bad_coordinate: 2,
    out_of_range: 1,
    invalid: 1,
  });
  const exported = (await unzipText(await exportOf(b, carol))).get('location_sample.ndjson')!;
  expect(
    exported
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Json),
  ).toEqual([
    { id: '1775037600,47.3769,8.5417', recorded_at: '2026-04-01T10:00:00.000Z', lat: 47.3769, lng: 8.5417, accuracy_m: 5 },
    { id: '1775041200,47.5,8.6', recorded_at: '2026-04-01T11:00:00.000Z', lat: 47.5, lng: 8.6, accuracy_m: null },
  ]);
});

test("readings: stored by ingest's rules (sources, a uuid's letter case, the dedup key) with the day's rollup kept; a line that is not a reading refused with its reason", async () => {
  const erin = await signUp(b);
  const at = '2026-05-01T09:00:00.000Z';
  const line = (extra: Json) =>
    JSON.stringify({
      id: randomUUID(),
      metric_type_slug: 'steps',
      recorded_at: at,
      value: 1000,
      source: 'watch',
      source_id: null,
      metadata: {},
      reading_group_id: null,
      created_at: at,
      ...extra,
    });
  const upper = randomUUID().toUpperCase();
  const zip = await archiveOf({
    health_metric: [
      line({ value: 1200, source_id: upper }),
      line({ value: 800, source: 'phone', source_id: 'p-1', recorded_at: '2026-05-01T20:00:00.000Z', metadata: { steps_goal: 1 } }),
      line({ value: 'many' }),
      line({ reading_group_id: 'not-a-uuid' }),
      line({ metric_type_slug: 'nope' }),
    ],
  });
  const res = await importInto(b, erin, zip);
  expect(res.status).toBe(200);
  expect(res.body.types.health_metric).toEqual({
    created: 2,
    skipped: 0,
    refused: 3,
    reasons: [
      'health_metric.ndjson line 3: value is not a number',
      'health_metric.ndjson line 4: reading_group_id is not a uuid',
      'health_metric.ndjson line 5: Unknown metric type "nope"',
    ],
  });
  // The day's rollup holds both sources (what the day summary reads), as ingest would have left it.
  const day = await b.api().get(`/users/${erin.id}/days/2026-05-01`).set(erin.auth);
  expect(day.body.resolution.steps.sources).toEqual({ watch: 1200, phone: 800 });
  // The uuid is spelled back as it came; the same (source, source_id) sent by a client is already there.
  const again = await ingestOk(b, erin, [reading({ value: 5, source_id: upper, recorded_at: at })]);
  expect(again).toMatchObject({ created: [], skipped_count: 1 });
  const listed = (await b.api().get(`/users/${erin.id}/health/metrics`).set(erin.auth)).body as Json[];
  expect(listed.map((r) => [r.source, r.source_id, r.value, r.metadata])).toEqual([
    ['phone', 'p-1', 800, { steps_goal: 1 }],
    ['watch', upper, 1200, {}],
  ]);
  // Imported twice: already there.
  const twice = await importInto(b, erin, zip);
  expect(twice.body.types.health_metric).toMatchObject({ created: 0, skipped: 2, refused: 3 });
});

test("a line that refers to another account's category, food or place is refused: an archive's ids are never taken from another account", async () => {
  const victim = await signUp(b);
  const mallory = await signUp(b);
  const post = (path: string, body: object) => b.api().post(`/users/${victim.id}${path}`).set(victim.auth).send(body);
  const category = (await post('/categories', { name: 'Private' })).body as Json;
  const food = (await post('/food-items', { name: 'Oats', nutrition: { energy_kcal: 380 } })).body as Json;
  const place = (await post('/places', { name: 'Home', lat: 52.5, lng: 13.4 })).body as Json;
  const at = '2026-03-01T08:00:00.000Z';
  const event = (extra: Json) =>
    JSON.stringify({
      id: randomUUID(),
      occurred_at: at,
      local_date: '2026-03-01',
      tags: [],
      metadata: {},
      source: 'user',
      created_at: at,
      updated_at: at,
      ...extra,
    });
  const ownCategory = randomUUID();
  const zip = await archiveOf({
    category: [JSON.stringify({ id: ownCategory, name: 'Mine', created_at: at, updated_at: at })],
    event: [
      event({ notes: 'in their category', category_id: category.id }),
      event({
        notes: 'their food',
        meal_items: [{ id: randomUUID(), food_item_id: food.id, servings: 1, name: 'Oats', brand: '', nutrition: {}, snapshot_at: at }],
      }),
      event({ notes: 'in my category', category_id: ownCategory }),
    ],
    place_visit: [JSON.stringify({ id: randomUUID(), place_id: place.id, occurred_at: at, local_date: '2026-03-01', source: 'manual' })],
  });
  const res = await importInto(b, mallory, zip);
  expect(res.status).toBe(200);
  expect(res.body.types.event).toMatchObject({ created: 1, refused: 2 });
  expect(res.body.types.event.reasons).toEqual([
    expect.stringMatching(new RegExp(`^event [0-9a-f-]{36}: category_id ${category.id} belongs to another account on this server$`)),
    expect.stringMatching(
      new RegExp(`^event [0-9a-f-]{36}: meal_items.food_item_id ${food.id} belongs to another account on this server$`),
    ),
  ]);
  expect(res.body.types.place_visit).toMatchObject({ created: 0, refused: 1 });
  expect(res.body.types.place_visit.reasons[0]).toMatch(`place_id ${place.id} belongs to another account`);
  const events = (await b.api().get(`/users/${mallory.id}/events`).set(mallory.auth)).body as Json[];
  expect(events.map((e) => [e.notes, e.category_id])).toEqual([['in my category', ownCategory]]);
});

test('what is not an archive is refused with a reason; an upload over IMPORT_MAX_BYTES is 413; only a signed-in session imports', async () => {
  const bob = await signUp(b);
  expect422(await importInto(b, bob, Buffer.from('not a zip at all')), ['body']);
  expectError(await importInto(b, bob, Buffer.from('{}'), 'application/json'), 415);
  expectError(await importInto(b, bob, randomBytes(1024 * 1024 + 10)), 413);
  const pat = await b.api().post('/auth/tokens').set(bob.auth).send({ name: 'sync', scope: 'write' });
  expectError(
    await b
      .api()
      .post(`/users/${bob.id}/import`)
      .set({ Authorization: `Bearer ${pat.body.token}`, 'Content-Type': 'application/zip' })
      .send(Buffer.from('PK')),
    403,
  );
  const other = await signUp(b);
  expectError(await importInto(b, bob, Buffer.from('PK')).set(other.auth), 403);
});
