import { waitParsed } from '../captures/flow.ts';
import { randomBytes } from 'node:crypto';
import { withServer, startIsolatedServer, type HttpServer, type IsolatedServer } from '../helpers/server.ts';
import { expect422, expectError } from '../helpers/expect.ts';
import { signUp, type TestUser } from '../helpers/users.ts';
import { binary, unzipText } from '../helpers/zip.ts';
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
    if (['profile', 'metric_definition', 'event_source'].includes(type)) continue;
    expect([type, imported.body.types[type]?.created]).toEqual([type, n]);
  }
  expect(Object.keys(manifest.counts)).toEqual(
    expect.arrayContaining(['event', 'health_metric', 'suggestion', 'log_capture', 'replaced_encryption_key', 'place_visit']),
  );

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
