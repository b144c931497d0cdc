import { randomUUID } from 'node:crypto';
import { Webhook as Verifier } from 'standardwebhooks';
import type { Response } from 'supertest';
import { waitFor } from '../captures/wait.ts';
import { expect422, expectError, ISO_UTC, UUID } from '../helpers/expect.ts';
import { bundleOf, codeIn, observations } from '../helpers/fhir.ts';
import { readOnly } from '../helpers/graphql.ts';
import { gqlData, gqlError } from '../helpers/graphql.ts';
import { binary, unzipText } from '../helpers/zip.ts';
import { withServer, type SharedServer } from '../helpers/server.ts';
import { startReceiver, type Receiver } from '../helpers/webhook-receiver.ts';
import type { TestUser } from '../helpers/users.ts';
import { ingestOk, reading } from '../metrics/support.ts';

/**
 * Share links as an owner makes them and a visitor (a clinician) opens them: the owner's routes
 * (create, list, one, revoke), and /s/{token}'s report, CSV and FHIR, which show the scope and
 * nothing else.
 */
let server: SharedServer;
let owner: TestUser;
let other: TestUser;
let receiver: Receiver;
withServer((f) => ({ server, owner, other } = f), { timezone: 'Europe/Berlin' });

type Json = Record<string, any>;
const DAY = 86_400_000;
const inDays = (n: number) => new Date(Date.now() + n * DAY).toISOString();
const MARCH = { from: '2026-03-01', to: '2026-03-31' };
const SCOPE = { metrics: ['steps'], goals: ['steps'], tags: ['ibuprofen'] };

const create = (u: TestUser, body: object, auth: Record<string, string> = u.auth) =>
  server.api().post(`/users/${u.id}/shares`).set(auth).send(body);

async function share(body: object = {}): Promise<Json> {
  const res = await create(owner, { label: 'For Dr. K', scope: SCOPE, ...MARCH, expires_at: inDays(30), ...body });
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as Json;
}

/** A visitor's request: no Authorization, only the link. */
const visit = (path: string, headers: Record<string, string> = {}) => server.api().get(path).set(headers).buffer(true);
const unlock = (token: string, password: string) => server.api().post(`/s/${token}`).type('form').send({ password }).buffer(true);
const text = (res: Response) => res.text;

beforeAll(async () => {
  receiver = await startReceiver();
  const api = server.api();
  await ingestOk(server, owner, [
    reading({ metric_type_slug: 'steps', value: 5000, recorded_at: '2026-03-02T10:00:00Z', source: 'watch' }),
    reading({ metric_type_slug: 'steps', value: 7000, recorded_at: '2026-03-03T10:00:00Z', source: 'phone' }),
    // Outside the scope: another metric, and steps outside the period.
    reading({ metric_type_slug: 'weight', value: 81.37, recorded_at: '2026-03-02T07:00:00Z' }),
    reading({ metric_type_slug: 'steps', value: 4321, recorded_at: '2026-04-02T10:00:00Z' }),
  ]);
  await ingestOk(server, other, [reading({ metric_type_slug: 'steps', value: 98765, recorded_at: '2026-03-02T10:00:00Z' })]);
  expect((await api.put(`/users/${owner.id}/goals/steps`).set(owner.auth).send({ target: 6000, direction: 'at_least' })).status).toBe(200);
  const event = (body: object) => server.api().post(`/users/${owner.id}/events`).set(owner.auth).send(body);
  for (const body of [
    { occurred_at: '2026-03-02T08:00:00Z', tags: ['ibuprofen'], notes: 'with food NOTE-PLAIN' },
    {
      occurred_at: '2026-03-03T08:00:00Z',
      tags: ['ibuprofen', 'private-thing'],
      notes: 'NOTE-OF-ENCRYPTED',
      encrypted_payload: 'b64:ENCRYPTED-BLOB',
    },
    { occurred_at: '2026-03-04T08:00:00Z', tags: ['hidden-tag'], notes: 'NOTE-HIDDEN' },
  ]) {
    expect((await event(body)).status).toBe(201);
  }
  const capture = await api
    .post(`/users/${owner.id}/log-captures`)
    .set(owner.auth)
    .send({ text: 'CAPTURE-TEXT headache after lunch', captured_at: '2026-03-05T12:00:00Z' });
  expect(capture.status).toBe(201);
});
afterAll(() => receiver.stop());

describe('the owner', () => {
  test('creates a share: the token and its URL once, then lists and reads it without', async () => {
    const made = await share({ password: 'correct horse 1', max_views: 5 });
    expect(made).toMatchObject({
      id: expect.stringMatching(UUID),
      label: 'For Dr. K',
      scope: {
        ...SCOPE,
        categories: [],
        include_captures: false,
        include_notes: false,
        include_locations: false,
        include_experiments: false,
      },
      from: '2026-03-01',
      to: '2026-03-31',
      last_days: null,
      has_password: true,
      max_views: 5,
      views: 0,
      last_viewed_at: null,
      revoked_at: null,
      status: 'active',
      expires_at: expect.stringMatching(ISO_UTC),
    });
    expect(made.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(made.url).toBe(`/s/${made.token}`);
    const list = await server.api().get(`/users/${owner.id}/shares`).set(owner.auth);
    expect(list.status).toBe(200);
    const listed = list.body.find((s: Json) => s.id === made.id);
    const { token: _t, url: _u, ...read } = made;
    expect(listed).toEqual(read);
    expect(JSON.stringify(list.body)).not.toContain(made.token);
    const one = await server.api().get(`/users/${owner.id}/shares/${made.id}`).set(owner.auth);
    expect(one.body).toEqual(read);
    expect(JSON.stringify(one.body)).not.toMatch(/password_hash|token/);
  });

  test('every rule of a new share is a 422 at its field', async () => {
    const ok = { label: 'x', scope: SCOPE, last_days: 30, expires_at: inDays(10) };
    const cases: [object, (string | number)[]][] = [
      [{ ...ok, expires_at: undefined }, ['body', 'expires_at']],
      [{ ...ok, expires_at: inDays(91) }, ['body', 'expires_at']],
      [{ ...ok, expires_at: inDays(-1) }, ['body', 'expires_at']],
      [{ ...ok, expires_at: 'tomorrow' }, ['body', 'expires_at']],
      [{ ...ok, label: ' ' }, ['body', 'label']],
      [{ ...ok, label: 'x'.repeat(101) }, ['body', 'label']],
      [{ ...ok, last_days: undefined }, ['body', 'last_days']],
      [{ ...ok, ...MARCH }, ['body', 'last_days']],
      [{ ...ok, last_days: 0 }, ['body', 'last_days']],
      [{ ...ok, last_days: 367 }, ['body', 'last_days']],
      [{ ...ok, last_days: undefined, from: '2026-03-01' }, ['body', 'to']],
      [{ ...ok, last_days: undefined, to: '2026-03-01' }, ['body', 'from']],
      [{ ...ok, last_days: undefined, from: '2026-03-02', to: '2026-03-01' }, ['body', 'to']],
      [{ ...ok, last_days: undefined, from: '2024-01-01', to: '2026-03-01' }, ['body', 'to']],
      [{ ...ok, scope: { metrics: ['steps', 'no_such_metric'] } }, ['body', 'scope', 'metrics', 1]],
      [{ ...ok, scope: { goals: ['heart_rate'] } }, ['body', 'scope', 'goals', 0]],
      [{ ...ok, scope: { tags: [''] } }, ['body', 'scope', 'tags', 0]],
      [{ ...ok, scope: { categories: ['nope'] } }, ['body', 'scope', 'categories', 0]],
      [{ ...ok, scope: { include_notes: 'yes' } }, ['body', 'scope', 'include_notes']],
      [{ ...ok, scope: undefined }, ['body', 'scope']],
      [{ ...ok, password: 'short' }, ['body', 'password']],
      [{ ...ok, max_views: 0 }, ['body', 'max_views']],
    ];
    for (const [body, loc] of cases) expect422(await create(owner, body), loc);
    // Tags as events carry them: '#Ibuprofen' is ibuprofen.
    const tagged = await create(owner, { ...ok, label: 'tags', scope: { tags: ['#Ibuprofen', 'ibuprofen'] } });
    expect(tagged.body.scope.tags).toEqual(['ibuprofen']);
    // A category of another user is not one of yours.
    const foreign = await server.api().post(`/users/${other.id}/categories`).set(other.auth).send({ name: 'Theirs' });
    expect(foreign.status).toBe(201);
    expect422(await create(owner, { ...ok, scope: { categories: [foreign.body.id] } }), ['body', 'scope', 'categories', 0]);
    const mine = (await server.api().get(`/users/${owner.id}/shares`).set(owner.auth)).body as Json[];
    expect(mine.filter((s) => s.label === 'x')).toEqual([]);
  });

  test("another user's token is refused on every owner route; a write token may read but not share or revoke", async () => {
    const made = await share();
    expectError(await create(owner, { label: 'x', scope: SCOPE, last_days: 3, expires_at: inDays(1) }, other.auth), 403);
    expectError(await server.api().get(`/users/${owner.id}/shares`).set(other.auth), 403);
    expectError(await server.api().get(`/users/${owner.id}/shares/${made.id}`).set(other.auth), 403);
    expectError(await server.api().post(`/users/${owner.id}/shares/${made.id}/revoke`).set(other.auth), 403);
    // Their own id in the path does not find the owner's share either.
    expectError(await server.api().get(`/users/${other.id}/shares/${made.id}`).set(other.auth), 404);
    expectError(await server.api().post(`/users/${other.id}/shares/${made.id}/revoke`).set(other.auth), 404);

    const pat = await server.api().post('/auth/tokens').set(owner.auth).send({ name: 'script', scope: 'write' });
    const write = { Authorization: `Bearer ${pat.body.token}` };
    expectError(await create(owner, { label: 'x', scope: SCOPE, last_days: 3, expires_at: inDays(1) }, write), 403);
    expectError(await server.api().post(`/users/${owner.id}/shares/${made.id}/revoke`).set(write), 403);
    expect((await server.api().get(`/users/${owner.id}/shares`).set(write)).status).toBe(200);
    const read = await readOnly(server, owner);
    expect((await server.api().get(`/users/${owner.id}/shares/${made.id}`).set(read.auth)).status).toBe(200);
    expect((await visit(made.url)).status).toBe(200);
  });

  test('revoking ends the link at once (410); the share stays listed with its views; twice changes nothing', async () => {
    const made = await share();
    expect((await visit(made.url)).status).toBe(200);
    const revoked = await server.api().post(`/users/${owner.id}/shares/${made.id}/revoke`).set(owner.auth);
    expect(revoked.status).toBe(200);
    expect(revoked.body).toMatchObject({ status: 'revoked', views: 1, revoked_at: expect.stringMatching(ISO_UTC) });
    for (const path of [made.url, `${made.url}/csv`, `${made.url}/fhir`]) {
      const res = await visit(path);
      expect(res.status).toBe(410);
      expect(res.text).toContain('revoked');
    }
    const again = await server.api().post(`/users/${owner.id}/shares/${made.id}/revoke`).set(owner.auth);
    expect(again.body.revoked_at).toBe(revoked.body.revoked_at);
  });
});

/** The report's visible text: tags dropped, each chart image's alt text kept (what a screen reader reads). */
const visible = (html: string) =>
  html
    .replace(/<style>[\s\S]*?<\/style>/g, '')
    .replace(/<img[^>]*alt="([^"]*)"[^>]*>/g, ' $1 ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');

/** Every chart image's SVG, decoded. */
const charts = (html: string) =>
  [...html.matchAll(/src="data:image\/svg\+xml;base64,([^"]+)"/g)].map((m) => Buffer.from(m[1], 'base64').toString('utf8'));

const OUTSIDE_THE_SCOPE = [
  '81.37',
  'Weight',
  '98,765',
  '98765',
  '4,321',
  'NOTE-HIDDEN',
  'hidden-tag',
  'private-thing',
  'ENCRYPTED-BLOB',
  'NOTE-OF-ENCRYPTED',
];

describe('a visitor with the link', () => {
  test('sees the report of the scope: charts, statistics, sources, goal adherence, the tag and its timeline; nothing else', async () => {
    const made = await share();
    const res = await visit(made.url);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = text(res);
    const words = visible(html);
    expect(html).toContain('<h1>For Dr. K</h1>');
    expect(words).toContain('Mar 1, 2026 – Mar 31, 2026 · times in Europe/Berlin');
    // Steps: n 2, min 5,000, median 6,000, max 7,000, 29 of 31 days without data, and where each day came from.
    expect(words).toContain('Steps (count)');
    expect(words).toContain('days with data min median max days without data 2 5,000 6,000 7,000 29');
    expect(words).toMatch(/Sources: (phone \(1 days\), watch|watch \(1 days\), phone) \(1 days\)/);
    // A chart per series, each an SVG of its own: the line, the goal's heatmap, the tag's heatmap.
    const svgs = charts(html);
    expect(svgs).toHaveLength(3);
    expect(svgs[0]).toContain('<title id="t">Steps, Mar 1, 2026 – Mar 31, 2026</title>');
    expect(svgs[0]).toContain('Goal: at least 6,000 count');
    expect(words).toContain('Goals Steps');
    // Days without steps count as missed: 1 of 31 met.
    expect(words).toContain('met missed skipped adherence current streak longest streak 1 30 0 3 % 0 1');
    expect(words).toContain('Logged tags tag times days ibuprofen 2 2');
    expect(svgs[2]).toContain('#ibuprofen: 2 events');
    // The timeline: the two ibuprofen events, with only the scope's tags and no notes (not shared).
    expect(words).toContain('Timeline when tags notes Mar 2, 2026, 9:00 AM ibuprofen Mar 3, 2026, 9:00 AM ibuprofen Made by');
    for (const secret of [...OUTSIDE_THE_SCOPE, 'NOTE-PLAIN', 'CAPTURE-TEXT', 'Notes written', 'Places', 'Experiments', 'Correlations']) {
      expect(html).not.toContain(secret);
    }
    expect(svgs.join('')).not.toContain('81.37');
  });

  test("notes and captures only where the owner included them; an encrypted event's notes and payload never", async () => {
    const made = await share({ scope: { ...SCOPE, include_notes: true, include_captures: true } });
    const html = text(await visit(made.url));
    expect(visible(html)).toContain('Mar 2, 2026, 9:00 AM ibuprofen with food NOTE-PLAIN Mar 3, 2026, 9:00 AM ibuprofen Notes');
    expect(visible(html)).toContain('Notes written when text Mar 5, 2026, 1:00 PM CAPTURE-TEXT headache after lunch');
    for (const secret of OUTSIDE_THE_SCOPE) expect(html).not.toContain(secret);
  });

  test("correlations only where included, only among the scope's own series, exploratory with q-values and intervals", async () => {
    // May 2026: steps and active energy rise together, and so does weight, which is not shared.
    const may = Array.from({ length: 20 }, (_, i) => `2026-05-${String(i + 1).padStart(2, '0')}T10:00:00Z`);
    await ingestOk(
      server,
      owner,
      may.flatMap((at, i) => [
        reading({ metric_type_slug: 'steps', value: 3000 + 500 * i + (i % 3) * 100, recorded_at: at }),
        reading({ metric_type_slug: 'active_energy', value: 200 + 30 * i + (i % 4) * 5, recorded_at: at }),
        reading({ metric_type_slug: 'weight', value: 80 + i / 10, recorded_at: at }),
      ]),
    );
    const scope = { metrics: ['steps', 'active_energy'], include_correlations: true };
    const made = await share({ scope, from: '2026-05-01', to: '2026-05-20' });
    expect(made.scope.include_correlations).toBe(true);
    const words = visible(text(await visit(made.url)));
    expect(words).toContain('Correlations Exploratory: rank correlations between the series shown here');
    const row = /series with lag \(days\) days r 95 % interval q confidence (.*?) Made by/.exec(words)![1];
    expect(row).toMatch(/^(Steps Active energy|Active energy Steps) 0 20 1\.00 (0\.9\d|1\.00) to 1\.00 [\d.e-]+ strong/);
    expect(words).not.toContain('Weight');
    const short = await share({ scope, from: '2026-05-01', to: '2026-05-07' });
    expect(visible(text(await visit(short.url)))).toContain('The period is too short to correlate (at least 14 days).');
  });

  test('every answer is never cached, never indexed, sends no referrer and may load nothing from anywhere', async () => {
    const made = await share({ password: 'correct horse 1' });
    const open = await share();
    const answers = [
      await visit(open.url),
      await visit(`${open.url}/csv`),
      await visit(`${open.url}/fhir`),
      await visit(made.url), // 401, the password form
      await visit(`/s/${'x'.repeat(32)}`), // 404
    ];
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 401, 404]);
    for (const res of answers) {
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      const csp = res.headers['content-security-policy'];
      expect(csp).toContain("default-src 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toMatch(/https?:|\*/);
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    const html = answers[0].text;
    expect(html).not.toMatch(/<script|https?:\/\/(?!www\.w3\.org\/2000\/svg)/);
    expect(html).toContain('@media print');
  });

  test('an unknown or malformed token is 404; HEAD is not a view', async () => {
    for (const token of ['A'.repeat(32), 'short', 'x'.repeat(300), '..%2F..%2Fusers']) {
      const res = await visit(`/s/${token}`);
      expect(res.status).toBe(404);
      expect(res.text).toContain('Link not found');
    }
    const made = await share();
    expect((await server.api().head(made.url)).status).toBe(200);
    const read = await server.api().get(`/users/${owner.id}/shares/${made.id}`).set(owner.auth);
    expect(read.body).toMatchObject({ views: 0, last_viewed_at: null });
  });

  test('a password share answers 401 with its form until the password is given; the right one unlocks this browser', async () => {
    const made = await share({ password: 'correct horse 1' });
    const locked = await visit(made.url);
    expect(locked.status).toBe(401);
    expect(locked.text).toContain('<form method="post"');
    expect(locked.text).not.toContain('Steps');
    for (const path of ['/csv', '/fhir']) expect((await visit(`${made.url}${path}`)).status).toBe(401);
    const wrong = await unlock(made.token, 'wrong horse');
    expect(wrong.status).toBe(401);
    expect(wrong.text).toContain('not right');
    expect(wrong.headers['set-cookie']).toBeUndefined();

    const right = await unlock(made.token, 'correct horse 1');
    expect(right.status).toBe(200);
    expect(right.text).toContain('<h1>For Dr. K</h1>');
    const [cookie] = right.headers['set-cookie'] as unknown as string[];
    expect(cookie).toMatch(/^share_[0-9a-f]{16}=[\w-]{43}; HttpOnly; SameSite=Strict; Path=\/s$/);
    const jar = { Cookie: cookie.split(';')[0] };
    expect((await visit(made.url, jar)).status).toBe(200);
    expect((await visit(`${made.url}/csv`, jar)).status).toBe(200);
    // The proof is this share's: another password share does not open with it, nor with a forged one.
    const second = await share({ password: 'correct horse 1' });
    expect((await visit(second.url, jar)).status).toBe(401);
    const forged = { Cookie: `${cookie.split('=')[0]}=${'A'.repeat(43)}` };
    expect((await visit(made.url, forged)).status).toBe(401);
    const views = (await server.api().get(`/users/${owner.id}/shares/${made.id}`).set(owner.auth)).body.views;
    expect(views).toBe(2); // the unlock and the report with the cookie; not the 401s, not the CSV
  });

  test('wrong passwords are throttled per share: the eleventh try in 15 minutes is 429 with Retry-After, even with the right one', async () => {
    const made = await share({ password: 'correct horse 1' });
    for (let i = 0; i < 10; i++) expect((await unlock(made.token, `wrong ${i}`)).status).toBe(401);
    const throttled = await unlock(made.token, 'correct horse 1');
    expect(throttled.status).toBe(429);
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
  });

  test('a link is throttled per token: past 120 requests in 15 minutes it answers 429; other links still open', async () => {
    const made = await share({ scope: { metrics: ['steps'] } });
    const statuses: number[] = [];
    for (let i = 0; i < 121; i++) statuses.push((await visit(`${made.url}/csv`)).status);
    expect(statuses.slice(0, 120).every((s) => s === 200)).toBe(true);
    expect(statuses[120]).toBe(429);
    expect((await visit((await share()).url)).status).toBe(200);
  });

  test('max_views: each report view counts, concurrent ones too; past the limit the link is 410', async () => {
    const made = await share({ max_views: 2 });
    const statuses = (await Promise.all(Array.from({ length: 6 }, () => visit(made.url)))).map((r) => r.status).sort();
    expect(statuses).toEqual([200, 200, 410, 410, 410, 410]);
    const read = (await server.api().get(`/users/${owner.id}/shares/${made.id}`).set(owner.auth)).body;
    expect(read).toMatchObject({ views: 2, status: 'used_up', last_viewed_at: expect.stringMatching(ISO_UTC) });
    expect((await visit(`${made.url}/csv`)).status).toBe(410);
  });

  test('an expired link is 410, listed as expired', async () => {
    const made = await share({ expires_at: new Date(Date.now() + 1500).toISOString() });
    expect((await visit(made.url)).status).toBe(200);
    await new Promise((r) => setTimeout(r, 1600));
    const res = await visit(made.url);
    expect(res.status).toBe(410);
    expect(res.text).toContain('expired');
    expect((await server.api().get(`/users/${owner.id}/shares/${made.id}`).set(owner.auth)).body.status).toBe('expired');
  });

  test("a rolling period is the last N days up to the owner's today", async () => {
    const made = await share({ from: undefined, to: undefined, last_days: 7 });
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(new Date());
    const first = new Date(Date.parse(today) - 6 * DAY).toISOString().slice(0, 10);
    const svg = charts(text(await visit(made.url)))[0];
    expect(svg).toMatch(/7 days without data|days with data/);
    const fhir = await visit(`${made.url}/fhir`);
    expect(observations(bundleOf(fhir))).toEqual([]);
    expect(made).toMatchObject({ from: null, to: null, last_days: 7 });
    expect(first < today).toBe(true);
  });

  test("the CSV holds the scope's series for the period, a row per day, formulas defused", async () => {
    const made = await share();
    const res = await visit(`${made.url}/csv`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="lifetrack-share-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = res.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe('date,kind,name,value,unit');
    expect(lines).toContain('2026-03-02,metric,steps,5000,count');
    expect(lines).toContain('2026-03-03,metric,steps,7000,count');
    expect(lines).toContain('2026-03-02,tag,ibuprofen,1,count');
    expect(lines.filter((l) => l.includes(',goal,steps,'))).toHaveLength(31);
    expect(res.text).not.toMatch(/weight|4321|98765|hidden-tag/);
  });

  test("the FHIR Bundle holds the scope's metrics in the period, valid R4", async () => {
    const made = await share();
    const bundle = bundleOf(await visit(`${made.url}/fhir`));
    const obs = observations(bundle);
    expect(obs.map((o) => o.valueQuantity?.value).sort()).toEqual([5000, 7000]);
    expect(obs.every((o) => codeIn(o, 'http://loinc.org') === '55423-8')).toBe(true);
    expect(obs.every((o) => o.subject.reference === `Patient/${owner.id}`)).toBe(true);
    const tagsOnly = await share({ scope: { tags: ['ibuprofen'] } });
    expect(bundleOf(await visit(`${tagsOnly.url}/fhir`)).entry).toBeUndefined();
  });

  test('the share token opens nothing but its own /s/ pages: every API route, GraphQL and MCP answer 401', async () => {
    const made = await share();
    const doc = (await server.api().get('/openapi.json')).body as {
      paths: Record<string, Record<string, { 'x-access'?: string; security?: unknown[] }>>;
    };
    const bearer = { Authorization: `Bearer ${made.token}` };
    let walked = 0;
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        // Public operations (sign-in, health checks, the /s/ pages themselves) take no token at all.
        if (op['x-access'] === 'public' || op.security?.length === 0 || !['get', 'post', 'put', 'patch', 'delete'].includes(method))
          continue;
        const url = path.replace(/\{(\w+)\}/g, (_m, name: string) =>
          name === 'user_id' ? owner.id : name === 'slug' ? 'steps' : randomUUID(),
        );
        const res = await server.api()[method as 'get'](url).set(bearer).send({});
        if (res.status !== 401) throw new Error(`${method.toUpperCase()} ${path} answered ${res.status} to a share token`);
        walked++;
      }
    }
    expect(walked).toBeGreaterThan(100); // 135 when written
    expect((await server.api().post('/graphql').set(bearer).send({ query: '{ me { id } }' })).status).toBe(401);
    expect((await server.api().post('/mcp').set(bearer).set('Accept', 'application/json, text/event-stream').send({})).status).toBe(401);
    // Nor as a password in Basic credentials, nor another link's pages.
    const basic = { Authorization: `Basic ${Buffer.from(`x:${made.token}`).toString('base64')}` };
    expect((await server.api().get(`/users/${owner.id}/health/metrics`).set(basic)).status).toBe(401);
    const another = await share({ password: 'correct horse 1' });
    expect((await visit(another.url, bearer)).status).toBe(401);
  });
});

describe('news of a share', () => {
  test('a report view is share.viewed, with the share as the owner reads it and never its token', async () => {
    const hook = await server
      .api()
      .post(`/users/${owner.id}/webhooks`)
      .set(owner.auth)
      .send({ url: receiver.url('/shares'), events: ['share.viewed'] });
    expect(hook.status).toBe(201);
    const made = await share();
    await visit(made.url);
    await visit(`${made.url}/csv`); // a file, not a view
    const [event] = await waitFor(async () => {
      const found = receiver.received
        .filter((r) => r.path === '/shares')
        .map((r) => new Verifier(hook.body.secret).verify(r.body, r.headers) as { type: string; data: Json })
        .filter((b) => b.type === 'share.viewed' && b.data.id === made.id);
      return found.length ? found : undefined;
    }, 'share.viewed');
    expect(event.data).toMatchObject({ id: made.id, label: 'For Dr. K', views: 1, viewed_at: expect.stringMatching(ISO_UTC) });
    expect(JSON.stringify(event.data)).not.toContain(made.token);
  });

  test('shares are in the changes feed (created, viewed, revoked), without their tokens', async () => {
    const made = await share();
    await visit(made.url);
    await server.api().post(`/users/${owner.id}/shares/${made.id}/revoke`).set(owner.auth);
    let cursor: string | undefined;
    const seen: Json[] = [];
    for (;;) {
      const page = await server
        .api()
        .get(`/users/${owner.id}/changes`)
        .query(cursor ? { since: cursor, limit: 500 } : { limit: 500 })
        .set(owner.auth);
      expect(page.status).toBe(200);
      seen.push(...page.body.changes.filter((c: Json) => c.type === 'share' && c.id === made.id));
      cursor = page.body.next_cursor;
      if (!page.body.has_more) break;
    }
    expect(seen.at(-1)).toMatchObject({ op: 'upsert', data: { id: made.id, status: 'revoked', views: 1 } });
    expect(JSON.stringify(seen)).not.toContain(made.token);
  });
});

test('the account archive lists the shares as the owner reads them, never a token; an import does not bring them back', async () => {
  const made = await share();
  const zip = await server.api().get(`/users/${owner.id}/export`).set(owner.auth).buffer(true).parse(binary);
  expect(zip.status).toBe(200);
  const files = await unzipText(zip.body as Buffer);
  const lines = files
    .get('share.ndjson')!
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Json);
  const { token: _t, url: _u, ...read } = made;
  expect(lines.find((l) => l.id === made.id)).toEqual(read);
  expect(files.get('share.ndjson')).not.toContain(made.token);
  const imported = await server
    .api()
    .post(`/users/${other.id}/import`)
    .set(other.auth)
    .set('Content-Type', 'application/zip')
    .send(zip.body);
  expect(imported.status).toBe(200);
  expect(imported.body.types.share).toBeUndefined();
  expect((await server.api().get(`/users/${other.id}/shares`).set(other.auth)).body).toEqual([]);
});

describe('GraphQL', () => {
  test('createShare, me.shares and revokeShare: the same shares as REST; a write token may not share', async () => {
    const data = await gqlData(
      server,
      owner,
      `mutation($input: ShareCreateInput!) { createShare(input: $input) { token url share { id label status hasPassword from to
         scope { metrics goals tags includeNotes includeCaptures } } } }`,
      {
        input: {
          label: 'Coach',
          scope: { metrics: ['steps'], includeNotes: true },
          lastDays: 14,
          expiresAt: inDays(7),
          password: 'correct horse 1',
        },
      },
    );
    const made = data.createShare;
    expect(made.url).toBe(`/s/${made.token}`);
    expect(made.share).toMatchObject({ label: 'Coach', status: 'active', hasPassword: true, from: null, to: null });
    expect(made.share.scope).toEqual({ metrics: ['steps'], goals: [], tags: [], includeNotes: true, includeCaptures: false });
    const listed = await gqlData(server, owner, '{ me { shares { id views status } share(id: "' + made.share.id + '") { label } } }');
    expect(listed.me.shares.map((s: Json) => s.id)).toEqual(
      (await server.api().get(`/users/${owner.id}/shares`).set(owner.auth)).body.map((s: Json) => s.id),
    );
    expect(listed.me.share).toEqual({ label: 'Coach' });
    const revoked = await gqlData(server, owner, `mutation { revokeShare(id: "${made.share.id}") { status revokedAt } }`);
    expect(revoked.revokeShare.status).toBe('revoked');
    expect((await visit(made.url)).status).toBe(410);

    const bad = await gqlError(server, owner, `mutation($input: ShareCreateInput!) { createShare(input: $input) { token } }`, {
      input: { label: 'x', scope: { metrics: ['nope'] }, lastDays: 3, expiresAt: inDays(1) },
    });
    expect(bad.code).toBe('BAD_USER_INPUT');
    expect(bad.locs).toEqual(['input.scope.metrics.0']);
    const pat = await server.api().post('/auth/tokens').set(owner.auth).send({ name: 'gql script', scope: 'write' });
    const denied = await gqlError(
      server,
      { auth: { Authorization: `Bearer ${pat.body.token}` } },
      `mutation { revokeShare(id: "${made.share.id}") { id } }`,
    );
    expect(denied.code).toBe('FORBIDDEN');
  });
});
