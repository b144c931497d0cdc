import { randomUUID } from 'node:crypto';
import type { createSuggestions as CreateSuggestions } from '../../src/domain/inbox/inbox.ts';
import { captureParsed, waitParsed } from '../captures/flow.ts';
import { gqlData, gqlError, readOnly } from '../helpers/graphql.ts';
import { withIsolatedServer, type IsolatedServer } from '../helpers/server.ts';
import { signUp, type TestUser } from '../helpers/users.ts';
import { CAPTURE_FIELDS, captureAsGraphQL } from './inbox-fields.ts';

/** Log captures through GraphQL: the same captures, suggestions and errors as the REST routes. */
let server: IsolatedServer;
let owner: TestUser;
let other: TestUser;
withIsolatedServer((f) => ({ server, owner, other } = f));

const CREATE = `mutation($input: LogCaptureCreateInput!) { createLogCapture(input: $input) { ${CAPTURE_FIELDS} } }`;
const ONE = `query($id: UUID!) { me { logCapture(id: $id) { ${CAPTURE_FIELDS} } } }`;
const LIST = `query($status: LogCaptureStatus, $limit: Int, $offset: Int) {
  me { logCaptures(status: $status, limit: $limit, offset: $offset) { ${CAPTURE_FIELDS} } } }`;

const rest = (u: TestUser, path: string) => server.api().get(`/users/${u.id}${path}`).set(u.auth);
const ids = (rows: { id: string }[]) => rows.map((r) => r.id);

test('createLogCapture stores what POST stores; once parsed, logCapture(id) equals the REST capture with its suggestions', async () => {
  const created = (
    await gqlData(server, owner, CREATE, {
      input: { text: 'weight 70 kg, resting hr 50, slept 8h', capturedAt: '2026-03-10T15:30:00+01:00' },
    })
  ).createLogCapture;
  const parsed = (await waitParsed(server, owner, created.id)) as Record<string, any>;
  expect(parsed).toMatchObject({ status: 'parsed', text: created.text, captured_at: '2026-03-10T14:30:00.000Z' });
  const expected = captureAsGraphQL(parsed);
  // The worker moves status and the parse results on; what the client sent is as stored.
  const { id, clientId, text, capturedAt, createdAt } = expected;
  expect(created).toMatchObject({ id, clientId, text, capturedAt, createdAt });
  expect(parsed.suggestions).toHaveLength(3);

  const { me } = await gqlData(server, owner, ONE, { id: created.id });
  expect(me.logCapture).toEqual(expected);
  expect(ids(me.logCapture.suggestions)).toEqual(ids(parsed.suggestions));
});

test('a clientId replay returns the first capture, as REST does; the same key with other text is a CONFLICT', async () => {
  const clientId = randomUUID();
  const input = { text: 'slept 7h', clientId };
  const first = (await gqlData(server, owner, CREATE, { input })).createLogCapture;
  await waitParsed(server, owner, first.id);
  const again = (await gqlData(server, owner, CREATE, { input })).createLogCapture;
  const restReplay = await server
    .api()
    .post(`/users/${owner.id}/log-captures`)
    .set(owner.auth)
    .send({ text: 'slept 7h', client_id: clientId });
  expect(restReplay.status).toBe(200);
  expect(again).toEqual(captureAsGraphQL(restReplay.body));
  expect(again.id).toBe(first.id);

  const conflict = await gqlError(server, owner, CREATE, { input: { text: 'slept 9h', clientId } });
  expect(conflict.code).toBe('CONFLICT');
  expect((await rest(owner, `/log-captures?limit=500`)).body.filter((c: { client_id: string }) => c.client_id === clientId)).toHaveLength(
    1,
  );
});

test('logCaptures takes the REST filters: the same captures in the same order, each with its suggestions', async () => {
  const u = await signUp(server);
  for (const text of ['weight 71 kg', 'ran 5k', 'headache, slept 6h']) await captureParsed(server, u, text);
  const cases: [Record<string, unknown>, string][] = [
    [{}, ''],
    [{ status: 'parsed', limit: 2, offset: 1 }, '?status=parsed&limit=2&offset=1'],
    [{ status: 'queued' }, '?status=queued'],
  ];
  for (const [variables, query] of cases) {
    const { me } = await gqlData(server, u, LIST, variables);
    const expected = (await rest(u, `/log-captures${query}`)).body;
    expect(me.logCaptures).toEqual(expected.map(captureAsGraphQL));
  }
  expect((await gqlData(server, u, LIST)).me.logCaptures.length).toBe(3);

  const bad = await gqlError(server, u, LIST, { limit: 0, offset: -1 });
  expect(bad.code).toBe('BAD_USER_INPUT');
  expect(bad.locs).toEqual(expect.arrayContaining(['limit', 'offset']));
});

test('validation failures are BAD_USER_INPUT at input.<field>, and nothing is stored', async () => {
  const before = (await rest(owner, '/log-captures?limit=500')).body.length;
  const cases: [Record<string, unknown>, string][] = [
    [{ text: '   ' }, 'input.text'],
    [{ text: 'x'.repeat(2001) }, 'input.text'],
    [{ text: 'ran 5k', capturedAt: 'yesterday' }, 'input.capturedAt'],
  ];
  for (const [input, loc] of cases) {
    const err = await gqlError(server, owner, CREATE, { input });
    expect(err.code).toBe('BAD_USER_INPUT');
    expect(err.locs).toContain(loc);
  }
  expect((await rest(owner, '/log-captures?limit=500')).body.length).toBe(before);
});

test('a read-only token reads the captures but cannot create one: FORBIDDEN, nothing stored', async () => {
  const ro = await readOnly(server, owner);
  const before = (await rest(owner, '/log-captures?limit=500')).body;
  const err = await gqlError(server, ro, CREATE, { input: { text: 'ran 5k' } });
  expect(err.code).toBe('FORBIDDEN');
  expect((await rest(owner, '/log-captures?limit=500')).body).toEqual(before);
  expect(ids((await gqlData(server, ro, LIST, { limit: 100 })).me.logCaptures)).toEqual(ids(before));
});

test("another user cannot reach the owner's captures; an unknown id is NOT_FOUND", async () => {
  const c = await captureParsed(server, owner, 'weight 70 kg');
  expect((await gqlError(server, other, ONE, { id: c.id })).code).toBe('NOT_FOUND');
  expect((await gqlError(server, owner, ONE, { id: randomUUID() })).code).toBe('NOT_FOUND');
  expect(ids((await gqlData(server, other, LIST, { limit: 100 })).me.logCaptures)).not.toContain(c.id);
  const foreign = await gqlError(server, other, `query($id: UUID!) { user(id: $id) { logCaptures { id } } }`, { id: owner.id });
  expect(foreign.code).toBe('FORBIDDEN');
});

test("relations never show another user's row, even one pointing at the owner's capture", async () => {
  const c = await captureParsed(server, owner, 'resting hr 52');
  // A row no service would write: another user's suggestion naming the owner's capture.
  const [planted] = await server.call<typeof CreateSuggestions>('domain/inbox/inbox.ts', 'createSuggestions', other.id, [
    {
      kind: 'event',
      source: 'log_capture',
      title: 'Planted',
      summary: "Names the owner's capture",
      payload: {},
      provenance: {},
      logCaptureId: c.id,
      captureOrdinal: 0,
    },
  ]);

  const { me } = await gqlData(server, owner, `query($id: UUID!) { me { logCapture(id: $id) { suggestions { id capture { id } } } } }`, {
    id: c.id,
  });
  expect(ids(me.logCapture.suggestions)).toEqual(ids(c.suggestions));
  expect(me.logCapture.suggestions.map((s: { capture: { id: string } }) => s.capture.id)).toEqual(c.suggestions.map(() => c.id));

  const theirs = await gqlData(server, other, `query($id: UUID!) { me { suggestion(id: $id) { id capture { id } } } }`, { id: planted.id });
  expect(theirs.me.suggestion).toEqual({ id: planted.id, capture: null });
});
