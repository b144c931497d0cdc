import { randomUUID } from 'node:crypto';
import { gqlData, gqlError, readOnly } from '../helpers/graphql.ts';
import { asInputIssues } from '../helpers/input-issues.ts';
import { withServer, type HttpServer } from '../helpers/server.ts';
import type { TestUser } from '../helpers/users.ts';

/** Event sources through GraphQL: the same sources, the same changes as REST. */
let server: HttpServer;
let owner: TestUser;
let other: TestUser;
withServer((f) => ({ server, owner, other } = f));

type Rest = Record<string, any>;
const rest = (u: TestUser, path: string) => server.api().get(`/users/${u.id}${path}`).set(u.auth);
const byKind = async (u: TestUser, kind: string): Promise<Rest> =>
  (await rest(u, '/event-sources')).body.find((s: Rest) => s.kind === kind);

const SOURCE = 'id kind sourceLabel enabled isDefault config createdAt updatedAt';
const UPDATE = `mutation($id: UUID!, $input: EventSourceUpdateInput!) { updateEventSource(id: $id, input: $input) { ${SOURCE} } }`;

const asGraphQL = (s: Rest) => ({
  id: s.id,
  kind: s.kind,
  sourceLabel: s.source_label,
  enabled: s.enabled,
  isDefault: s.is_default,
  config: s.config,
  createdAt: s.created_at,
  updatedAt: s.updated_at,
});

test('eventSources (with paging) and eventSource(id) equal the REST answers', async () => {
  const list: Rest[] = (await rest(owner, '/event-sources')).body;
  const me = (
    await gqlData(
      server,
      owner,
      `query($id: UUID!) { me {
    eventSources { ${SOURCE} } page: eventSources(limit: 2, offset: 1) { kind } eventSource(id: $id) { ${SOURCE} } } }`,
      { id: list[2].id },
    )
  ).me;
  expect(me.eventSources).toEqual(list.map(asGraphQL));
  expect(me.eventSources.map((s: Rest) => s.kind)).toEqual(['manual', 'health', 'calendar', 'location', 'log_capture', 'import']);
  expect(me.page).toEqual((await rest(owner, '/event-sources?limit=2&offset=1')).body.map((s: Rest) => ({ kind: s.kind })));
  expect(me.eventSource).toEqual(asGraphQL((await rest(owner, `/event-sources/${list[2].id}`)).body));

  const error = await gqlError(server, owner, '{ me { eventSources(limit: 0) { id } } }');
  expect(error.code).toBe('BAD_USER_INPUT');
  expect(error.locs).toEqual(['limit']);
});

test("an unknown or another user's source is NOT_FOUND; another user cannot reach the owner's sources", async () => {
  const mine = await byKind(owner, 'health');
  const query = 'query($id: UUID!) { me { eventSource(id: $id) { id } } }';
  expect((await gqlError(server, other, query, { id: mine.id })).code).toBe('NOT_FOUND');
  expect((await gqlError(server, owner, query, { id: randomUUID() })).code).toBe('NOT_FOUND');
  const theirs = (await gqlData(server, other, '{ me { eventSources { id } } }')).me.eventSources.map((s: Rest) => s.id);
  expect(theirs).toHaveLength(6);
  expect(theirs).not.toContain(mine.id);
  const path = await gqlError(server, other, 'query($id: UUID!) { user(id: $id) { eventSources { id } } }', { id: owner.id });
  expect(path.code).toBe('FORBIDDEN');
});

describe('updateEventSource', () => {
  test('answers the source REST then shows; omitted fields stay; config keys stay as written', async () => {
    const s = await byKind(owner, 'calendar');
    const renamed = (
      await gqlData(server, owner, UPDATE, { id: s.id, input: { sourceLabel: 'Work calendar', config: { calendarIds: ['a', 'b'] } } })
    ).updateEventSource;
    expect(renamed).toMatchObject({
      id: s.id,
      kind: 'calendar',
      sourceLabel: 'Work calendar',
      enabled: true,
      config: { calendarIds: ['a', 'b'] },
    });
    const off = (await gqlData(server, owner, UPDATE, { id: s.id, input: { enabled: false } })).updateEventSource;
    expect(off).toMatchObject({ sourceLabel: 'Work calendar', enabled: false, config: { calendarIds: ['a', 'b'] } });
    expect(off).toEqual(asGraphQL((await rest(owner, `/event-sources/${s.id}`)).body));
  });

  test('validation failures, null included, are BAD_USER_INPUT under input with the REST issues; nothing changes', async () => {
    const s = await byKind(owner, 'import');
    const cases: [object, string, object][] = [
      [{ enabled: null }, 'input.enabled', { enabled: null }],
      [{ sourceLabel: '  ' }, 'input.sourceLabel', { source_label: '  ' }],
      [{ sourceLabel: 'x'.repeat(101) }, 'input.sourceLabel', { source_label: 'x'.repeat(101) }],
      [{ config: null }, 'input.config', { config: null }],
      [{ config: { blob: 'x'.repeat(16_384) } }, 'input.config', { config: { blob: 'x'.repeat(16_384) } }],
    ];
    for (const [input, loc, body] of cases) {
      const error = await gqlError(server, owner, UPDATE, { id: s.id, input });
      expect(error.code).toBe('BAD_USER_INPUT');
      expect(error.locs).toEqual([loc]);
      expect(error.detail).toEqual(
        asInputIssues(await server.api().patch(`/users/${owner.id}/event-sources/${s.id}`).set(owner.auth).send(body)),
      );
    }
    expect(await byKind(owner, 'import')).toEqual(s);
  });

  test("an unknown or another user's source is NOT_FOUND, theirs unchanged; a read-only token is FORBIDDEN, nothing changed", async () => {
    const theirs = await byKind(other, 'health');
    expect((await gqlError(server, owner, UPDATE, { id: theirs.id, input: { enabled: false } })).code).toBe('NOT_FOUND');
    expect((await gqlError(server, owner, UPDATE, { id: randomUUID(), input: { enabled: false } })).code).toBe('NOT_FOUND');
    expect(await byKind(other, 'health')).toEqual(theirs);
    const mine = await byKind(owner, 'location');
    expect((await gqlError(server, await readOnly(server, owner), UPDATE, { id: mine.id, input: { enabled: false } })).code).toBe(
      'FORBIDDEN',
    );
    expect(await byKind(owner, 'location')).toEqual(mine);
  });
});
