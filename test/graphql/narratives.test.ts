import { randomUUID } from 'node:crypto';
import { gqlData, gqlError, readOnly } from '../helpers/graphql.ts';
import { asInputIssues } from '../helpers/input-issues.ts';
import { withServer, type HttpServer } from '../helpers/server.ts';
import type { TestUser } from '../helpers/users.ts';

/** Narratives through GraphQL: the same services, answers and rules as REST. */
let server: HttpServer;
let owner: TestUser;
let other: TestUser;
withServer((f) => ({ server, owner, other } = f));

const rest = (path: string) =>
  server
    .api()
    .get(`/users/${owner.id}${path}`)
    .set(owner.auth)
    .then((r) => r.body);
const NARRATIVE = 'id createdAt updatedAt narrativeText periodStart periodEnd periodType provider modelUsed inputTokens outputTokens';
const SAVE = `mutation($input: NarrativeInput!) { saveNarrative(input: $input) { ${NARRATIVE} } }`;

/** A REST NarrativeRead in the GraphQL shape, for a field-by-field comparison. */
const asNarrative = (n: Record<string, any>) => ({
  id: n.id,
  createdAt: n.created_at,
  updatedAt: n.updated_at,
  narrativeText: n.narrative_text,
  periodStart: n.period_start,
  periodEnd: n.period_end,
  periodType: n.period_type,
  provider: n.provider,
  modelUsed: n.model_used,
  inputTokens: n.input_tokens,
  outputTokens: n.output_tokens,
});

test('saveNarrative creates, then replaces the week keeping the id; each equals REST', async () => {
  const input = {
    periodStart: '2026-11-16',
    narrativeText: 'Written by an agent',
    provider: 'agent.example',
    modelUsed: 'm',
    inputTokens: 10,
    outputTokens: 5,
  };
  const { saveNarrative: made } = await gqlData(server, owner, SAVE, { input });
  expect(made).toEqual(asNarrative(await rest(`/narratives/${made.id}`)));
  expect(made).toMatchObject({ ...input, periodEnd: '2026-11-22', periodType: 'week' });
  const { saveNarrative: replaced } = await gqlData(server, owner, SAVE, {
    input: { periodStart: '2026-11-16', periodEnd: '2026-11-22', periodType: 'week', narrativeText: 'Rewritten' },
  });
  expect(replaced).toEqual(asNarrative(await rest(`/narratives/${made.id}`)));
  expect(replaced).toMatchObject({
    id: made.id,
    narrativeText: 'Rewritten',
    provider: null,
    modelUsed: null,
    inputTokens: null,
    outputTokens: null,
  });
});

test('narratives (with limit and offset) and narrative(id) equal REST, most recent week first', async () => {
  for (const week of ['2026-10-05', '2026-10-19', '2026-10-12'])
    await gqlData(server, owner, SAVE, { input: { periodStart: week, narrativeText: week } });
  const first = (await rest('/narratives'))[1];
  const { me } = await gqlData(
    server,
    owner,
    `query($id: UUID!) { me { narratives { ${NARRATIVE} } page: narratives(limit: 2, offset: 1) { id } narrative(id: $id) { ${NARRATIVE} } } }`,
    { id: first.id },
  );
  expect(me.narratives).toEqual((await rest('/narratives')).map(asNarrative));
  expect(me.narratives.map((n: { periodStart: string }) => n.periodStart)).toEqual([
    '2026-11-16',
    '2026-10-19',
    '2026-10-12',
    '2026-10-05',
  ]);
  expect(me.page).toEqual((await rest('/narratives?limit=2&offset=1')).map((n: { id: string }) => ({ id: n.id })));
  expect(me.narrative).toEqual(asNarrative(first));
});

test('validation issues are the REST ones under the input argument', async () => {
  const body = { period_start: '2026-11-17', narrative_text: ' ', provider: '', input_tokens: -1 };
  const restBad = await server.api().post(`/users/${owner.id}/narratives`).set(owner.auth).send(body);
  const bad = await gqlError(server, owner, SAVE, {
    input: { periodStart: '2026-11-17', narrativeText: ' ', provider: '', inputTokens: -1 },
  });
  expect(bad.code).toBe('BAD_USER_INPUT');
  expect(bad.detail).toEqual(asInputIssues(restBad));
  expect(bad.locs.sort()).toEqual(['input.inputTokens', 'input.narrativeText', 'input.periodStart', 'input.provider']);
  const badEnd = await gqlError(server, owner, SAVE, { input: { periodStart: '2026-11-16', periodEnd: '2026-11-23', narrativeText: 'x' } });
  expect(badEnd.locs).toEqual(['input.periodEnd']);
  expect((await gqlError(server, owner, 'query { me { narratives(limit: 0) { id } } }')).locs).toEqual(['limit']);
});

test("another user's or an unknown narrative is NOT_FOUND; a read-only token may read but not save (FORBIDDEN)", async () => {
  const theirs = (
    await server.api().post(`/users/${other.id}/narratives`).set(other.auth).send({ period_start: '2026-11-16', narrative_text: 'theirs' })
  ).body;
  for (const id of [theirs.id, randomUUID()]) {
    expect((await gqlError(server, owner, 'query($id: UUID!) { me { narrative(id: $id) { id } } }', { id })).code).toBe('NOT_FOUND');
  }
  const ro = await readOnly(server, owner);
  expect((await gqlError(server, ro, SAVE, { input: { periodStart: '2026-11-16', narrativeText: 'x' } })).code).toBe('FORBIDDEN');
  expect((await gqlData(server, ro, 'query { me { narratives { id } } }')).me.narratives.length).toBeGreaterThan(0);
});
