import { gqlData, gqlError } from '../helpers/graphql.ts';
import { asInputIssues } from '../helpers/input-issues.ts';
import { expect422 } from '../helpers/expect.ts';
import { withServer, type HttpServer } from '../helpers/server.ts';
import type { TestUser } from '../helpers/users.ts';

/** A place's aliases: the other names captures may call it by, in REST and GraphQL alike. */
let server: HttpServer;
let owner: TestUser;
withServer((f) => ({ server, owner } = f));

const BASE = { name: 'Office HQ', lat: 52.52, lng: 13.405 };
const create = (body: object) =>
  server
    .api()
    .post(`/users/${owner.id}/places`)
    .set(owner.auth)
    .send({ ...BASE, ...body });
const patch = (id: string, body: unknown) =>
  server
    .api()
    .patch(`/users/${owner.id}/places/${id}`)
    .set(owner.auth)
    .send(body as object);
const get = (id: string) => server.api().get(`/users/${owner.id}/places/${id}`).set(owner.auth);

describe('REST', () => {
  test('aliases are trimmed, inner spaces collapsed, repeats in any case dropped (first spelling kept); none by default', async () => {
    const res = await create({ aliases: ['  the   office ', 'HQ', 'The Office', 'hq', 'work'] });
    expect(res.status).toBe(201);
    expect(res.body.aliases).toEqual(['the office', 'HQ', 'work']);
    expect((await get(res.body.id)).body.aliases).toEqual(['the office', 'HQ', 'work']);
    const bare = await create({});
    expect(bare.body.aliases).toEqual([]);
  });

  test('PATCH replaces the list, [] clears it, an omitted list stays, null is a 422', async () => {
    const { body: place } = await create({ aliases: ['hq'] });
    expect((await patch(place.id, { notes: 'third floor' })).body.aliases).toEqual(['hq']);
    expect((await patch(place.id, { aliases: ['the office', 'work'] })).body.aliases).toEqual(['the office', 'work']);
    expect422(await patch(place.id, { aliases: null }), ['body', 'aliases']);
    expect((await get(place.id)).body.aliases).toEqual(['the office', 'work']);
    expect((await patch(place.id, { aliases: [] })).body.aliases).toEqual([]);
  });

  test('20 aliases of 100 characters are accepted; one more, one longer, an empty one or one without a letter is a 422 at its loc', async () => {
    const twenty = Array.from({ length: 20 }, (_, i) => `${String(i).padStart(2, '0')}${'a'.repeat(98)}`);
    const ok = await create({ aliases: twenty });
    expect(ok.status).toBe(201);
    expect(ok.body.aliases).toEqual(twenty);

    expect422(await create({ aliases: [...twenty, 'one more'] }), ['body', 'aliases']);
    expect422(await create({ aliases: ['fine', 'b'.repeat(101)] }), ['body', 'aliases', 1]);
    expect422(await create({ aliases: ['   '] }), ['body', 'aliases', 0]);
    expect422(await create({ aliases: ['ok', '—!'] }), ['body', 'aliases', 1]);
    expect422(await create({ aliases: [7] }), ['body', 'aliases', 0]);
    expect422(await create({ aliases: 'the office' }), ['body', 'aliases']);
    expect422(await patch(ok.body.id, { aliases: ['x'.repeat(101)] }), ['body', 'aliases', 0]);
    // A refused PATCH changed nothing.
    expect((await get(ok.body.id)).body.aliases).toEqual(twenty);
  });
});

describe('GraphQL', () => {
  const PLACE = 'id name aliases';

  test('createPlace and updatePlace set aliases and Place.aliases reads them, equal to REST', async () => {
    const { createPlace: made } = await gqlData(
      server,
      owner,
      `mutation { createPlace(input: { name: "Gym", lat: 48.1, lng: 11.5, aliases: [" Fitness  First ", "fitness first", "the gym"] }) { ${PLACE} } }`,
    );
    expect(made.aliases).toEqual(['Fitness First', 'the gym']);
    expect((await get(made.id)).body.aliases).toEqual(made.aliases);

    const { updatePlace: changed } = await gqlData(
      server,
      owner,
      `mutation($id: UUID!) { updatePlace(id: $id, input: { aliases: ["studio"] }) { ${PLACE} } }`,
      { id: made.id },
    );
    expect(changed.aliases).toEqual(['studio']);
    const { user } = await gqlData(server, owner, `query($u: UUID!, $id: UUID!) { user(id: $u) { place(id: $id) { ${PLACE} } } }`, {
      u: owner.id,
      id: made.id,
    });
    expect(user.place).toEqual(changed);
    const { updatePlace: kept } = await gqlData(
      server,
      owner,
      `mutation($id: UUID!) { updatePlace(id: $id, input: { notes: "x" }) { ${PLACE} } }`,
      { id: made.id },
    );
    expect(kept.aliases).toEqual(['studio']);
  });

  test('invalid aliases are BAD_USER_INPUT with the same issues as REST, at the argument locs; null is refused', async () => {
    const aliases = ['ok', 'b'.repeat(101), ' '];
    const bad = await gqlError(
      server,
      owner,
      'mutation($a: [String!]) { createPlace(input: { name: "x", lat: 1, lng: 1, aliases: $a }) { id } }',
      {
        a: aliases,
      },
    );
    expect(bad.code).toBe('BAD_USER_INPUT');
    expect(bad.locs.sort()).toEqual(['input.aliases.1', 'input.aliases.2']);
    expect(bad.detail).toEqual(asInputIssues(await create({ name: 'x', lat: 1, lng: 1, aliases })));

    const { body: place } = await create({ aliases: ['hq'] });
    const cleared = await gqlError(server, owner, 'mutation($id: UUID!) { updatePlace(id: $id, input: { aliases: null }) { id } }', {
      id: place.id,
    });
    expect(cleared.code).toBe('BAD_USER_INPUT');
    expect(cleared.locs).toEqual(['input.aliases']);
    expect((await get(place.id)).body.aliases).toEqual(['hq']);
  });
});
