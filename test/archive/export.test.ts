import { withServer, type HttpServer } from '../helpers/server.ts';
import { expectError } from '../helpers/expect.ts';
import { binary, unzipText } from '../helpers/zip.ts';
import { signUp, type TestUser } from '../helpers/users.ts';
import { ingestOk, reading } from '../metrics/support.ts';

let server: HttpServer;
let u: TestUser;
let other: TestUser;
withServer((f) => ({ server, owner: u, other } = f), { timezone: 'Europe/Berlin' });

const exportOf = async (user: TestUser) => {
  const res = await server.api().get(`/users/${user.id}/export`).set(user.auth).buffer(true).parse(binary);
  expect(res.status).toBe(200);
  return res;
};
const lines = (text: string | undefined) =>
  (text ?? '')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, unknown>);

test('one ZIP: a manifest with the counts, each resource as its REST read, CSVs a spreadsheet opens safely, ciphertext and key material as stored', async () => {
  const api = (path: string) => `/users/${u.id}${path}`;
  const cat = await server.api().post(api('/categories')).set(u.auth).send({ name: 'Coffee' });
  const ev = await server
    .api()
    .post(api('/events'))
    .set(u.auth)
    .send({
      category_id: cat.body.id,
      notes: '=HYPERLINK("http://x"), said "hi"',
      tags: ['morning', 'cafe'],
      occurred_at: '2026-03-01T08:00:00Z',
    });
  const secret = await server
    .api()
    .post(api('/events'))
    .set(u.auth)
    .send({ encrypted_payload: 'ciphertext-AAAA', occurred_at: '2026-03-01T09:00:00Z' });
  await ingestOk(server, u, [
    reading({ value: 4200, recorded_at: '2026-03-01T12:00:00Z' }),
    reading({ metric_type_slug: 'weight', value: 70.5, unit: 'kg' }),
  ]);
  const key = { kdf_salt: 'c2FsdA==', verifier: 'dmVy', wrapped_dek: 'd3JhcHBlZA==', kdf_params: { alg: 'argon2id' } };
  await server.api().put(api('/encryption-key')).set(u.auth).send(key);
  await server.api().post(`/users/${other.id}/events`).set(other.auth).send({ notes: 'not yours' });

  const res = await exportOf(u);
  expect(res.headers['content-type']).toBe('application/zip');
  expect(res.headers['content-disposition']).toMatch(/^attachment; filename="lifetrack-export-\d{4}-\d{2}-\d{2}\.zip"$/);
  const files = await unzipText(res.body as Buffer);
  const manifest = JSON.parse(files.get('manifest.json')!);
  expect(manifest).toMatchObject({ format: 'lifetrack-archive', format_version: 1, user_id: u.id, timezone: 'Europe/Berlin' });
  expect(manifest.counts).toMatchObject({ event: 2, health_metric: 2, category: 1, encryption_key: 1, profile: 1 });
  expect([...files.keys()].sort()).toEqual(['manifest.json', ...manifest.files].sort());
  for (const [type, n] of Object.entries(manifest.counts as Record<string, number>))
    expect([type, lines(files.get(`${type}.ndjson`)).length]).toEqual([type, n]);

  const events = lines(files.get('event.ndjson'));
  expect(events).toContainEqual(
    (
      await server
        .api()
        .get(api(`/events/${ev.body.id}`))
        .set(u.auth)
    ).body,
  );
  expect(events.find((e) => e.id === secret.body.id)).toMatchObject({ encrypted_payload: 'ciphertext-AAAA' });
  expect(lines(files.get('encryption_key.ndjson'))).toEqual([(await server.api().get(api('/encryption-key')).set(u.auth)).body]);
  expect(
    lines(files.get('health_metric.ndjson'))
      .map((r) => r.metric_type_slug)
      .sort(),
  ).toEqual(['steps', 'weight']);
  expect(JSON.stringify([...files.values()])).not.toContain('not yours');

  const csv = files.get('events.csv')!;
  expect(csv.startsWith('\uFEFFid,occurred_at,local_date,category,')).toBe(true);
  // A note that a spreadsheet would run as a formula is written as text.
  expect(csv).toContain(`,Coffee,,,,"'=HYPERLINK(""http://x""), said ""hi""",morning;cafe,user\r\n`);
  expect(files.get('health_metrics.csv')).toContain(',weight,');
  const days = files.get('days.csv')!.split('\r\n');
  expect(days[0]).toMatch(/^\uFEFFdate,steps,/);
  expect(days).toContainEqual(expect.stringMatching(/^2026-03-01,4200,/));
});

test('a signed-in session only: not an API token, not another user', async () => {
  const pat = await server.api().post('/auth/tokens').set(u.auth).send({ name: 'backup', scope: 'write' });
  expectError(
    await server
      .api()
      .get(`/users/${u.id}/export`)
      .set({ Authorization: `Bearer ${pat.body.token}` }),
    403,
  );
  expectError(await server.api().get(`/users/${other.id}/export`).set(u.auth), 403);
  expectError(await server.api().get(`/users/${u.id}/export`), 401);
});

test("the manifest counts every type's file, 0 for an empty one", async () => {
  const fresh = await signUp(server);
  const files = await unzipText((await exportOf(fresh)).body as Buffer);
  const manifest = JSON.parse(files.get('manifest.json')!) as { counts: Record<string, number>; files: string[] };
  const types = manifest.files.filter((f) => f.endsWith('.ndjson')).map((f) => f.slice(0, -'.ndjson'.length));
  expect(types.length).toBeGreaterThan(20);
  expect(Object.keys(manifest.counts).sort()).toEqual([...types].sort());
  for (const type of types) expect([type, manifest.counts[type]]).toEqual([type, lines(files.get(`${type}.ndjson`)).length]);
  expect(manifest.counts).toMatchObject({ profile: 1, event: 0, health_metric: 0 });
});

test('no piece of a CSV cell starts a formula in a spreadsheet that splits on `;` (tags are joined with it) or on a line break', async () => {
  const user = await signUp(server);
  const api = (path: string) => `/users/${user.id}${path}`;
  const cat = await server.api().post(api('/categories')).set(user.auth).send({ name: 'Tea;=1+1' });
  expect(cat.status).toBe(201);
  const ev = await server
    .api()
    .post(api('/events'))
    .set(user.auth)
    .send({
      category_id: cat.body.id,
      notes: 'ok;=HYPERLINK("http://x");+1;-2;@SUM(A1)\n=3+3',
      tags: ['fine', '=HYPERLINK("http://y")', '+cmd', '-1', '@x'],
      occurred_at: '2026-03-02T08:00:00Z',
    });
  expect(ev.status).toBe(201);
  await ingestOk(server, user, [reading({ source: 'watch;=2+2', source_id: 'a;-1', recorded_at: '2026-03-02T12:00:00Z' })]);

  const files = await unzipText((await exportOf(user)).body as Buffer);
  const events = files.get('events.csv')!;
  expect(events).toContain(",Tea;'=1+1,");
  expect(events).toContain(`,"ok;'=HYPERLINK(""http://x"");`);
  expect(events).toContain(`;'+1;'-2;'@SUM(A1)\n'=3+3"`);
  expect(events).toContain(`,"fine;'=hyperlink(""http://y"");'+cmd;'-1;'@x",`);
  expect(files.get('health_metrics.csv')).toContain(`,watch;'=2+2,a;'-1,`);
  for (const name of ['events.csv', 'health_metrics.csv', 'days.csv']) {
    const pieces = files
      .get(name)!
      .slice(1)
      .split(/[;\r\n]/);
    expect([name, pieces.filter((p) => /^[=+\-@\t]/.test(p))]).toEqual([name, []]);
  }
  // The NDJSON keeps every value as sent.
  expect(lines(files.get('event.ndjson'))[0]).toMatchObject({ tags: ['fine', '=hyperlink("http://y")', '+cmd', '-1', '@x'] });
});
