import { randomUUID } from 'node:crypto';
import { withServer, type HttpServer } from '../helpers/server.ts';
import type { TestUser } from '../helpers/users.ts';
import { expect422, expectError, ISO_UTC } from '../helpers/expect.ts';

let server: HttpServer;
let alice: TestUser;
let bob: TestUser;
withServer((f) => ({ server, owner: alice, other: bob } = f));

const food = async (u: TestUser, body: object) => (await server.api().post(`/users/${u.id}/food-items`).set(u.auth).send(body)).body;
const meals = (u: TestUser) => `/users/${u.id}/saved-meals`;
const createMeal = (u: TestUser, body: object) => server.api().post(meals(u)).set(u.auth).send(body);
const getMeal = async (u: TestUser, id: string) =>
  (
    await server
      .api()
      .get(`${meals(u)}/${id}`)
      .set(u.auth)
  ).body;
const patchMeal = (u: TestUser, id: string, body: object) =>
  server
    .api()
    .patch(`${meals(u)}/${id}`)
    .set(u.auth)
    .send(body);
const logMeal = (u: TestUser, body: object) => server.api().post(`/users/${u.id}/events`).set(u.auth).send(body);
const getEvent = async (u: TestUser, id: string) => (await server.api().get(`/users/${u.id}/events/${id}`).set(u.auth)).body;
const patchFood = (u: TestUser, id: string, body: object, query = '') =>
  server.api().patch(`/users/${u.id}/food-items/${id}${query}`).set(u.auth).send(body);
const calories = (items: { nutrition: { calories?: number } }[]) => items.map((i) => i.nutrition.calories);

describe('saved meals', () => {
  test('create: items snapshot their food items for their servings, the totals are computed', async () => {
    const egg = await food(alice, { name: 'Egg', brand: 'Farm', serving_description: '1 large', calories: 70, protein_g: 6, fat_g: 5 });
    const toast = await food(alice, { name: 'Toast', calories: 80, fiber_g: 1.5 });
    const res = await createMeal(alice, { name: 'Breakfast', items: [{ food_item_id: egg.id, servings: 2 }, { food_item_id: toast.id }] });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: 'Breakfast', usage_count: 0, _meta: { source: 'computed' } });
    expect(res.body.nutrition).toEqual({ calories: 220, protein_g: 12, fat_g: 10, fiber_g: 1.5 });
    expect(res.body.items).toEqual([
      {
        id: expect.any(String),
        food_item_id: egg.id,
        servings: 2,
        name: 'Egg',
        brand: 'Farm',
        serving_description: '1 large',
        nutrition: { calories: 140, protein_g: 12, fat_g: 10 },
        snapshot_at: expect.stringMatching(ISO_UTC),
      },
      {
        id: expect.any(String),
        food_item_id: toast.id,
        servings: 1,
        name: 'Toast',
        brand: '',
        serving_description: null,
        nutrition: { calories: 80, fiber_g: 1.5 },
        snapshot_at: expect.stringMatching(ISO_UTC),
      },
    ]);
    expect(await getMeal(alice, res.body.id)).toEqual(res.body);
    const list = await server.api().get(meals(alice)).set(alice.auth);
    expect(list.body.find((m: { id: string }) => m.id === res.body.id)).toEqual(res.body);
  });

  test('PATCH: name; items replace the list and the totals follow; a hand edit of the totals makes _meta.source user; null hands them back', async () => {
    const a = await food(alice, { name: 'Apple', calories: 95 });
    const b = await food(alice, { name: 'Cheese', calories: 110, protein_g: 7 });
    const meal = (await createMeal(alice, { name: 'Snack', items: [{ food_item_id: a.id }] })).body;
    const renamed = await patchMeal(alice, meal.id, {
      name: 'Afternoon snack',
      items: [{ food_item_id: a.id }, { food_item_id: b.id, servings: 0.5 }],
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.name).toBe('Afternoon snack');
    expect(calories(renamed.body.items)).toEqual([95, 55]);
    expect(renamed.body.nutrition).toEqual({ calories: 150, protein_g: 3.5 });

    const hand = await patchMeal(alice, meal.id, { nutrition: { calories: 160, protein_g: null, fat_g: 6 } });
    expect(hand.body._meta).toEqual({ source: 'user' });
    expect(hand.body.nutrition).toEqual({ calories: 160, fat_g: 6 });
    // Hand-written totals no longer follow the items.
    const moreItems = await patchMeal(alice, meal.id, { items: [{ food_item_id: b.id, servings: 2 }] });
    expect(moreItems.body.nutrition).toEqual({ calories: 160, fat_g: 6 });
    const back = await patchMeal(alice, meal.id, { nutrition: null });
    expect(back.body._meta).toEqual({ source: 'computed' });
    expect(back.body.nutrition).toEqual({ calories: 220, protein_g: 14 });
  });

  test.each([
    [{ items: [] }, ['body', 'items']],
    [{ name: 'x' }, ['body', 'items']],
    [{ items: [{ food_item_id: 'nope' }] }, ['body', 'items', 0, 'food_item_id']],
    [{ items: [{ food_item_id: randomUUID() }] }, ['body', 'items', 0, 'food_item_id']],
    [{ items: [{ food_item_id: randomUUID(), servings: 0 }] }, ['body', 'items', 0, 'servings']],
    [{ items: [{ food_item_id: randomUUID(), servings: -1 }] }, ['body', 'items', 0, 'servings']],
  ])('rejects bad create case %# with a 422 at its loc', async (body, loc) => {
    expect422(await createMeal(alice, { name: 'Bad', ...body }), loc);
  });

  test("another user's food item in a meal is a 422 at its index; PATCH nutrition must be an object of numbers", async () => {
    const mine = await food(alice, { name: 'Mine' });
    const theirs = await food(bob, { name: 'Theirs' });
    expect422(await createMeal(alice, { name: 'x', items: [{ food_item_id: mine.id }, { food_item_id: theirs.id }] }), [
      'body',
      'items',
      1,
      'food_item_id',
    ]);
    const meal = (await createMeal(alice, { name: 'x', items: [{ food_item_id: mine.id }] })).body;
    expect422(await patchMeal(alice, meal.id, { nutrition: { calories: 'lots' } }), ['body', 'nutrition', 'calories']);
    expect422(await patchMeal(alice, meal.id, { name: null }), ['body', 'name']);
  });

  test("foreign or unknown meal ids are 404 on every verb; another user's path is a 403; DELETE is 204 then 404", async () => {
    const f = await food(alice, { name: 'Soup' });
    const meal = (await createMeal(alice, { name: 'Lunch', items: [{ food_item_id: f.id }] })).body;
    expectError(
      await server
        .api()
        .get(`${meals(bob)}/${meal.id}`)
        .set(bob.auth),
      404,
    );
    expectError(await patchMeal(bob, meal.id, { name: 'mine now' }), 404);
    expectError(
      await server
        .api()
        .delete(`${meals(bob)}/${meal.id}`)
        .set(bob.auth),
      404,
    );
    expectError(
      await server
        .api()
        .get(`${meals(alice)}/${meal.id}`)
        .set(bob.auth),
      403,
    );
    expect422(
      await server
        .api()
        .get(`${meals(alice)}/x`)
        .set(alice.auth),
      ['path', 'saved_meal_id'],
    );
    expect(
      (
        await server
          .api()
          .delete(`${meals(alice)}/${meal.id}`)
          .set(alice.auth)
      ).status,
    ).toBe(204);
    expectError(
      await server
        .api()
        .get(`${meals(alice)}/${meal.id}`)
        .set(alice.auth),
      404,
    );
    expectError(
      await server
        .api()
        .delete(`${meals(alice)}/${meal.id}`)
        .set(alice.auth),
      404,
    );
  });
});

describe('logging a saved meal (POST /events with saved_meal_id)', () => {
  test('copies the items as event-scoped snapshots, bumps usage_count once, and GET /events/{id} shows them', async () => {
    const oats = await food(alice, { name: 'Oats', calories: 150 });
    const milk = await food(alice, { name: 'Milk', calories: 60, is_drink: true });
    const meal = (await createMeal(alice, { name: 'Porridge', items: [{ food_item_id: oats.id }, { food_item_id: milk.id, servings: 2 }] }))
      .body;
    const client_id = randomUUID();
    const logged = await logMeal(alice, { saved_meal_id: meal.id, client_id, occurred_at: '2026-05-02T08:00:00Z' });
    expect(logged.status).toBe(201);
    expect(logged.body.saved_meal_id).toBe(meal.id);
    expect(logged.body.meal_items.map((i: { name: string }) => i.name)).toEqual(['Oats', 'Milk']);
    expect(calories(logged.body.meal_items)).toEqual([150, 120]);
    expect(logged.body.meal_items[0].id).not.toBe(meal.items[0].id);
    expect(await getEvent(alice, logged.body.id)).toEqual(logged.body);
    // A replay is the first event: nothing copied or counted twice.
    expect((await logMeal(alice, { saved_meal_id: meal.id, client_id, occurred_at: '2026-05-02T08:00:00Z' })).status).toBe(200);
    expect((await getMeal(alice, meal.id)).usage_count).toBe(1);
    const oatsNow = (await server.api().get(`/users/${alice.id}/food-items/${oats.id}`).set(alice.auth)).body;
    expect(oatsNow.usage_count).toBe(1);
    expect((await getEvent(alice, logged.body.id)).meal_items).toHaveLength(2);
    // Lists stay one query: events without meal_items.
    const list = await server.api().get(`/users/${alice.id}/events?from=2026-05-02&to=2026-05-02`).set(alice.auth);
    expect(list.body[0]).not.toHaveProperty('meal_items');
    // A plain event has no meal_items at all.
    expect(await getEvent(alice, (await logMeal(alice, {})).body.id)).not.toHaveProperty('meal_items');
  });

  test("another user's saved meal is a 422 at body.saved_meal_id and logs nothing", async () => {
    const f = await food(bob, { name: 'Bob food' });
    const bobsMeal = (await createMeal(bob, { name: 'Bob meal', items: [{ food_item_id: f.id }] })).body;
    expect422(await logMeal(alice, { saved_meal_id: bobsMeal.id }), ['body', 'saved_meal_id']);
    expect((await getMeal(bob, bobsMeal.id)).usage_count).toBe(0);
  });

  test('deleting the saved meal leaves the logged items of its events', async () => {
    const f = await food(alice, { name: 'Cake', calories: 300 });
    const meal = (await createMeal(alice, { name: 'Dessert', items: [{ food_item_id: f.id }] })).body;
    const event = (await logMeal(alice, { saved_meal_id: meal.id })).body;
    await server
      .api()
      .delete(`${meals(alice)}/${meal.id}`)
      .set(alice.auth);
    expect(calories((await getEvent(alice, event.id)).meal_items)).toEqual([300]);
  });
});

describe('edit propagation (the spec two rules)', () => {
  test('template items re-snapshot and computed totals recompute; hand-edited totals stay; logged items stay frozen except refresh_event_id', async () => {
    const f = await food(alice, { name: 'Bagel', calories: 100, protein_g: 10 });
    const g = await food(alice, { name: 'Butter', calories: 50 });
    const computed = (
      await createMeal(alice, { name: 'Bagel plate', items: [{ food_item_id: f.id, servings: 2 }, { food_item_id: g.id }] })
    ).body;
    const userEdited = (await createMeal(alice, { name: 'Bagel only', items: [{ food_item_id: f.id }] })).body;
    await patchMeal(alice, userEdited.id, { nutrition: { calories: 999 } });
    const e1 = (await logMeal(alice, { saved_meal_id: computed.id })).body;
    const e2 = (await logMeal(alice, { saved_meal_id: computed.id })).body;
    expect(computed.nutrition.calories).toBe(250);

    const edited = await patchFood(alice, f.id, { calories: 120, name: 'Sesame bagel' }, `?refresh_event_id=${e2.id}`);
    expect(edited.status).toBe(200);
    expect(edited.body.source).toBe('user_edited');

    // Rule 1: template items follow; the computed meal's totals recompute, the hand-edited meal's do not.
    const c = await getMeal(alice, computed.id);
    expect(c.items.map((i: { name: string }) => i.name)).toEqual(['Sesame bagel', 'Butter']);
    expect(calories(c.items)).toEqual([240, 50]);
    expect(c.nutrition).toEqual({ calories: 290, protein_g: 20 });
    expect(c._meta.source).toBe('computed');
    const u = await getMeal(alice, userEdited.id);
    expect(calories(u.items)).toEqual([120]);
    expect(u.nutrition).toEqual({ calories: 999, protein_g: 10 });
    expect(u._meta.source).toBe('user');

    // Rule 2: logged history stays frozen, except the event named by refresh_event_id.
    expect(calories((await getEvent(alice, e1.id)).meal_items)).toEqual([200, 50]);
    expect((await getEvent(alice, e1.id)).meal_items[0].name).toBe('Bagel');
    const refreshed = (await getEvent(alice, e2.id)).meal_items;
    expect(calories(refreshed)).toEqual([240, 50]);
    expect(refreshed[0].name).toBe('Sesame bagel');

    // Without refresh_event_id every logged item stays as it was.
    await patchFood(alice, f.id, { calories: 130 });
    expect(calories((await getEvent(alice, e2.id)).meal_items)).toEqual([240, 50]);
    expect(calories((await getEvent(alice, e1.id)).meal_items)).toEqual([200, 50]);
    expect((await getMeal(alice, computed.id)).nutrition.calories).toBe(310);
  });

  test('an identity-only edit re-snapshots names but keeps the source; refresh_event_id of an event without this food changes nothing', async () => {
    const f = await food(alice, { name: 'Tea', calories: 2 });
    const other = await food(alice, { name: 'Coffee', calories: 3 });
    const meal = (await createMeal(alice, { name: 'Drinks', items: [{ food_item_id: other.id }] })).body;
    const event = (await logMeal(alice, { saved_meal_id: meal.id })).body;
    const res = await patchFood(alice, f.id, { name: 'Green tea' }, `?refresh_event_id=${event.id}`);
    expect(res.body.source).toBe('user');
    expect((await getEvent(alice, event.id)).meal_items.map((i: { name: string }) => i.name)).toEqual(['Coffee']);
  });
});

describe('nutrition in the daily summary', () => {
  test("logged meals are the source `meals` of calories eaten and protein, on their event's local day, and count toward goals", async () => {
    const u = await (await import('../helpers/users.ts')).signUp(server, { timezone: 'Europe/Berlin' });
    const post = (path: string, body: object) => server.api().post(`/users/${u.id}${path}`).set(u.auth).send(body);
    const pasta = (await post('/food-items', { name: 'Pasta', calories: 400, protein_g: 14 })).body;
    const salad = (await post('/food-items', { name: 'Salad', calories: 120 })).body;
    const dinner = (
      await post('/saved-meals', { name: 'Dinner', items: [{ food_item_id: pasta.id, servings: 1.5 }, { food_item_id: salad.id }] })
    ).body;
    const snack = (await post('/saved-meals', { name: 'Snack', items: [{ food_item_id: salad.id }] })).body;
    await server.api().put(`/users/${u.id}/goals/dietary_energy`).set(u.auth).send({ target: 1000, direction: 'at_most' });
    // 23:30 UTC on the 1st is the 2nd in Berlin.
    await post('/events', { saved_meal_id: dinner.id, occurred_at: '2026-06-02T18:00:00Z' });
    await post('/events', { saved_meal_id: snack.id, occurred_at: '2026-06-01T23:30:00Z' });
    await post('/events', { saved_meal_id: snack.id, occurred_at: '2026-06-01T12:00:00Z' });

    const day = (await server.api().get(`/users/${u.id}/days/2026-06-02`).set(u.auth)).body;
    expect(day.metrics).toEqual({ dietary_energy: 840, protein: 21 });
    expect(day.calories_kcal).toBe(840);
    expect(day.resolution.dietary_energy).toEqual({ operator: 'priority', resolved_from: 'meals', sources: { meals: 840 } });
    expect(day.goals).toEqual([
      { slug: 'dietary_energy', value_field: 'calories_kcal', target: 1000, direction: 'at_most', value: 840, met: true, progress: 0.84 },
    ]);
    expect((await server.api().get(`/users/${u.id}/days/2026-06-01`).set(u.auth)).body.metrics).toEqual({ dietary_energy: 120 });
  });

  test('every nutrient of the label is a goalable metric summed from logged meals, in its own unit', async () => {
    const u = await (await import('../helpers/users.ts')).signUp(server);
    const post = (path: string, body: object) => server.api().post(`/users/${u.id}${path}`).set(u.auth).send(body);
    const label = {
      calories: 100,
      protein_g: 1,
      carbohydrates_g: 2,
      fat_g: 3,
      saturated_fat_g: 4,
      trans_fat_g: 5,
      fiber_g: 6,
      sugar_g: 7,
      added_sugar_g: 8,
      cholesterol_mg: 9,
      sodium_mg: 10,
      potassium_mg: 11,
      calcium_mg: 12,
      iron_mg: 13,
      vitamin_a_mcg: 14,
      vitamin_c_mg: 15,
      vitamin_d_mcg: 16,
    };
    const food = (await post('/food-items', { name: 'Everything bar', ...label })).body;
    const meal = (await post('/saved-meals', { name: 'Bars', items: [{ food_item_id: food.id, servings: 2 }] })).body;
    await post('/events', { saved_meal_id: meal.id, occurred_at: '2026-06-05T12:00:00Z' });

    const day = (await server.api().get(`/users/${u.id}/days/2026-06-05`).set(u.auth)).body;
    expect(day.metrics).toEqual({
      dietary_energy: 200,
      protein: 2,
      carbohydrates: 4,
      fat: 6,
      saturated_fat: 8,
      trans_fat: 10,
      fiber: 12,
      sugar: 14,
      added_sugar: 16,
      cholesterol: 18,
      sodium: 20,
      potassium: 22,
      calcium: 24,
      iron: 26,
      vitamin_a: 28,
      vitamin_c: 30,
      vitamin_d: 32,
    });
    const types = new Map((await server.api().get('/metric-types').set(u.auth)).body.map((t: { slug: string }) => [t.slug, t]));
    expect([types.get('sodium'), types.get('vitamin_d'), types.get('fiber')]).toEqual([
      expect.objectContaining({ unit: 'mg', category: 'nutrition', goalable: true }),
      expect.objectContaining({ unit: 'mcg', category: 'nutrition', goalable: true }),
      expect.objectContaining({ unit: 'g', category: 'nutrition', goalable: true }),
    ]);
    const goal = await server.api().put(`/users/${u.id}/goals/sodium`).set(u.auth).send({ target: 2300, direction: 'at_most' });
    expect(goal.body).toMatchObject({ slug: 'sodium', unit: 'mg', target: 2300, is_set: true });
  });
});
