import { randomUUID } from 'node:crypto';
import { withServer, type HttpServer } from '../helpers/server.ts';
import type { TestUser } from '../helpers/users.ts';
import { expect422, expectError, ISO_UTC, UUID } from '../helpers/expect.ts';

let server: HttpServer;
let alice: TestUser;
let bob: TestUser;
withServer((f) => ({ server, owner: alice, other: bob } = f));

const items = (u: TestUser) => `/users/${u.id}/food-items`;
const create = (u: TestUser, body: object) => server.api().post(items(u)).set(u.auth).send(body);
const search = (u: TestUser, query: string) =>
  server
    .api()
    .get(`${items(u)}${query}`)
    .set(u.auth);
const names = (res: { body: { name: string }[] }) => res.body.map((f) => f.name);

describe('POST /users/{user_id}/food-items', () => {
  test('creates an item by hand with source user, nutrients per serving, unknown nutrients absent', async () => {
    const res = await create(alice, {
      name: ' Oat porridge ',
      brand: 'Home',
      place: 'Kitchen',
      is_drink: false,
      serving_description: '1 bowl (250 g)',
      calories: 310,
      protein_g: 11.5,
      sodium_mg: 120,
      vitamin_d_mcg: 0,
      fiber_g: null,
    });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(
      [
        'barcode',
        'brand',
        'confidence',
        'created_at',
        'id',
        'is_drink',
        'name',
        'nutrition',
        'nutrition_derived',
        'place',
        'serving_description',
        'source',
        'updated_at',
        'usage_count',
      ].sort(),
    );
    expect(res.body).toMatchObject({
      name: 'Oat porridge',
      brand: 'Home',
      place: 'Kitchen',
      is_drink: false,
      serving_description: '1 bowl (250 g)',
      source: 'user',
      usage_count: 0,
      barcode: null,
      confidence: null,
      nutrition_derived: [],
    });
    expect(res.body.nutrition).toEqual({ calories: 310, protein_g: 11.5, sodium_mg: 120, vitamin_d_mcg: 0 });
    expect(res.body.id).toMatch(UUID);
    expect(res.body.created_at).toMatch(ISO_UTC);
    expect(
      (
        await server
          .api()
          .get(`${items(alice)}/${res.body.id}`)
          .set(alice.auth)
      ).body,
    ).toEqual(res.body);
  });

  test('only a name is required; brand defaults to empty, is_drink to false', async () => {
    const res = await create(alice, { name: 'Water', is_drink: true });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: 'Water', brand: '', is_drink: true, place: null, serving_description: null, nutrition: {} });
  });

  test.each([
    [{}, ['body', 'name']],
    [{ name: '   ' }, ['body', 'name']],
    [{ name: 'x'.repeat(201) }, ['body', 'name']],
    [{ name: 'a', brand: null }, ['body', 'brand']],
    [{ name: 'a', is_drink: 'yes' }, ['body', 'is_drink']],
    [{ name: 'a', calories: 'many' }, ['body', 'calories']],
    [{ name: 'a', protein_g: -1 }, ['body', 'protein_g']],
    [{ name: 'a', vitamin_a_mcg: 2_000_000 }, ['body', 'vitamin_a_mcg']],
    [{ name: 'a', place: 'p'.repeat(201) }, ['body', 'place']],
  ])('rejects bad body case %# with a 422 at its loc', async (body, loc) => {
    expect422(await create(alice, body), loc);
  });
});

describe('GET /users/{user_id}/food-items/{food_item_id}', () => {
  test("another user's item is a 404, an invalid id a 422 at the path, another user's path a 403", async () => {
    const mine = (await create(alice, { name: 'Private soup' })).body;
    expectError(
      await server
        .api()
        .get(`${items(bob)}/${mine.id}`)
        .set(bob.auth),
      404,
    );
    expectError(
      await server
        .api()
        .patch(`${items(bob)}/${mine.id}`)
        .set(bob.auth)
        .send({ calories: 1 }),
      404,
    );
    expectError(
      await server
        .api()
        .get(`${items(bob)}/${randomUUID()}`)
        .set(bob.auth),
      404,
    );
    expect422(
      await server
        .api()
        .get(`${items(alice)}/nope`)
        .set(alice.auth),
      ['path', 'food_item_id'],
    );
    expectError(
      await server
        .api()
        .get(`${items(alice)}/${mine.id}`)
        .set(bob.auth),
      403,
    );
    expectError(await server.api().get(items(alice)).set(bob.auth), 403);
    expectError(await create(alice, { name: 'x' }).set(bob.auth), 403);
  });
});

describe('GET /users/{user_id}/food-items (rule 7)', () => {
  let carol: TestUser;
  beforeAll(async () => {
    const { signUp } = await import('../helpers/users.ts');
    carol = await signUp(server);
  });

  test('q matches name, brand and place by case-insensitive substring, over the own items only', async () => {
    await create(carol, { name: 'Chicken Caesar Salad', brand: 'Pret' });
    await create(carol, { name: 'Flat white', brand: 'Local Roasters', place: 'Corner CAFE' });
    await create(carol, { name: 'Banana' });
    await create(carol, { name: '100% juice' });
    await create(bob, { name: 'Caesar wrap', brand: 'Pret' });
    expect(names(await search(carol, '?q=caesar'))).toEqual(['Chicken Caesar Salad']);
    expect(names(await search(carol, '?q=PRE'))).toEqual(['Chicken Caesar Salad']);
    expect(names(await search(carol, '?q=roast'))).toEqual(['Flat white']);
    expect(names(await search(carol, '?q=cafe'))).toEqual(['Flat white']);
    // LIKE wildcards in q are plain characters.
    expect(names(await search(carol, '?q=%25'))).toEqual(['100% juice']);
    expect(names(await search(carol, '?q=_'))).toEqual([]);
    expect(names(await search(carol, '?q=sushi'))).toEqual([]);
  });

  test('without q: the recent items, most used first, ties broken by recency (last logged, else created)', async () => {
    const dave = await (await import('../helpers/users.ts')).signUp(server);
    const food: Record<string, string> = {};
    for (const name of ['A', 'B', 'C', 'D', 'E']) food[name] = (await create(dave, { name, calories: 10 })).body.id;
    const meal = async (name: string) =>
      (
        await server
          .api()
          .post(`/users/${dave.id}/saved-meals`)
          .set(dave.auth)
          .send({ name, items: [{ food_item_id: food[name] }] })
      ).body.id;
    const [mA, mB, mC] = [await meal('A'), await meal('B'), await meal('C')];
    const log = (saved_meal_id: string) => server.api().post(`/users/${dave.id}/events`).set(dave.auth).send({ saved_meal_id });
    // A twice; B then C once each (C more recently); D and E never (E created later).
    for (const id of [mA, mA, mB, mC]) expect((await log(id)).status).toBe(201);
    const recent = await search(dave, '');
    expect(recent.status).toBe(200);
    expect(names(recent)).toEqual(['A', 'C', 'B', 'E', 'D']);
    expect(recent.body.map((f: { usage_count: number }) => f.usage_count)).toEqual([2, 1, 1, 0, 0]);
    expect(names(await search(dave, '?limit=2'))).toEqual(['A', 'C']);
    // A blank q is no q.
    expect(names(await search(dave, '?q=%20'))).toEqual(['A', 'C', 'B', 'E', 'D']);
  });

  test.each([
    ['?limit=0', ['query', 'limit']],
    ['?limit=501', ['query', 'limit']],
    ['?limit=x', ['query', 'limit']],
    [`?q=${'q'.repeat(201)}`, ['query', 'q']],
  ])('rejects %s with a 422', async (query, loc) => {
    expect422(await search(alice, query), loc);
  });
});

describe('PATCH /users/{user_id}/food-items/{food_item_id}', () => {
  const patch = (u: TestUser, id: string, body: object, query = '') =>
    server
      .api()
      .patch(`${items(u)}/${id}${query}`)
      .set(u.auth)
      .send(body);

  test('omitted nutrients stay, null clears, a nutrient change makes the item user_edited', async () => {
    const item = (await create(alice, { name: 'Toast', calories: 90, protein_g: 3, fat_g: 1 })).body;
    const res = await patch(alice, item.id, { calories: 95, fat_g: null });
    expect(res.status).toBe(200);
    expect(res.body.nutrition).toEqual({ calories: 95, protein_g: 3 });
    expect(res.body.source).toBe('user_edited');
    expect(Date.parse(res.body.updated_at)).toBeGreaterThanOrEqual(Date.parse(item.updated_at));
    expect(
      (
        await server
          .api()
          .get(`${items(alice)}/${item.id}`)
          .set(alice.auth)
      ).body,
    ).toEqual(res.body);
  });

  test('a serving change makes it user_edited; identity-only edits keep the source', async () => {
    const item = (await create(alice, { name: 'Rice', serving_description: '1 cup' })).body;
    const renamed = await patch(alice, item.id, { name: 'White rice', brand: 'Tilda', place: 'Home', is_drink: false });
    expect(renamed.body).toMatchObject({ name: 'White rice', brand: 'Tilda', place: 'Home', source: 'user' });
    const sameValue = await patch(alice, item.id, { calories: undefined, serving_description: '1 cup' });
    expect(sameValue.body.source).toBe('user');
    const serving = await patch(alice, item.id, { serving_description: '150 g', place: null });
    expect(serving.body).toMatchObject({ serving_description: '150 g', place: null, source: 'user_edited' });
  });

  test.each([
    [{ name: null }, ['body', 'name']],
    [{ is_drink: null }, ['body', 'is_drink']],
    [{ sugar_g: -0.1 }, ['body', 'sugar_g']],
    [{ iron_mg: '3' }, ['body', 'iron_mg']],
  ])('rejects bad edit case %# with a 422 at its loc', async (body, loc) => {
    const item = (await create(alice, { name: 'Edit me' })).body;
    expect422(await patch(alice, item.id, body), loc);
  });

  test('refresh_event_id must be a uuid (422 at the query) naming an own event (404)', async () => {
    const item = (await create(alice, { name: 'Jam', calories: 50 })).body;
    expect422(await patch(alice, item.id, { calories: 1 }, '?refresh_event_id=x'), ['query', 'refresh_event_id']);
    const bobsEvent = (await server.api().post(`/users/${bob.id}/events`).set(bob.auth).send({})).body;
    expectError(await patch(alice, item.id, { calories: 1 }, `?refresh_event_id=${bobsEvent.id}`), 404);
    // Nothing was written by the refused edit.
    expect(
      (
        await server
          .api()
          .get(`${items(alice)}/${item.id}`)
          .set(alice.auth)
      ).body.nutrition,
    ).toEqual({ calories: 50 });
  });
});
