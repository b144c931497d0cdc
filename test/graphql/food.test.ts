import { asInputIssues } from '../helpers/input-issues.ts';
import { gqlData, gqlError, readOnly } from '../helpers/graphql.ts';
import { startFoodProvider, LABEL_FORMS, PROVIDER_FAULTS, type FoodProvider } from '../helpers/open-food-facts.ts';
import { withIsolatedServer, type IsolatedServer } from '../helpers/server.ts';
import { statementsOf } from '../helpers/statements.ts';
import type { TestUser } from '../helpers/users.ts';
import { NUTRIENTS } from '../../src/domain/food/nutrients.ts';

/** Food items, saved meals and logged meal items through GraphQL: the same services and answers as REST. */
let provider: FoodProvider;
let server: IsolatedServer;
let owner: TestUser;
let other: TestUser;
beforeAll(async () => {
  provider = await startFoodProvider();
});
afterAll(() => provider.stop());
withIsolatedServer(
  (f) => ({ server, owner, other } = f),
  {},
  // No job workers: background rounds (the outbound pump, periodic jobs) would add statements to a measurement.
  () => ({ openFoodFactsUrl: provider.url, openFoodFactsTimeoutMs: 500, workers: 0 }),
);

const camel = (s: string) => s.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
const rest = (path: string) =>
  server
    .api()
    .get(`/users/${owner.id}${path}`)
    .set(owner.auth)
    .then((r) => r.body);
const post = (path: string, body: object) => server.api().post(`/users/${owner.id}${path}`).set(owner.auth).send(body);

const NUTRITION = `nutrition { ${NUTRIENTS.map(camel).join(' ')} }`;
const FOOD = `id name brand place isDrink barcode source usageCount confidence servingDescription createdAt updatedAt ${NUTRITION} nutritionDerived`;
const MEAL_ITEM = `id foodItemId servings name brand servingDescription snapshotAt ${NUTRITION}`;
const MEAL = `id name usageCount totalsSource createdAt updatedAt ${NUTRITION} items { ${MEAL_ITEM} }`;

/** REST nutrition (known nutrients only) as GraphQL's Nutrition (every field, unknown null). */
const nutrition = (n: Record<string, number>) => Object.fromEntries(NUTRIENTS.map((k) => [camel(k), n[k] ?? null]));
const asFood = (f: Record<string, any>) => ({
  id: f.id,
  name: f.name,
  brand: f.brand,
  place: f.place,
  isDrink: f.is_drink,
  barcode: f.barcode,
  source: f.source,
  usageCount: f.usage_count,
  confidence: f.confidence,
  servingDescription: f.serving_description,
  createdAt: f.created_at,
  updatedAt: f.updated_at,
  nutrition: nutrition(f.nutrition),
  nutritionDerived: f.nutrition_derived.map(camel),
});
const asMealItem = (i: Record<string, any>) => ({
  id: i.id,
  foodItemId: i.food_item_id,
  servings: i.servings,
  name: i.name,
  brand: i.brand,
  servingDescription: i.serving_description,
  snapshotAt: i.snapshot_at,
  nutrition: nutrition(i.nutrition),
});
const asMeal = (m: Record<string, any>) => ({
  id: m.id,
  name: m.name,
  usageCount: m.usage_count,
  totalsSource: m._meta.source,
  createdAt: m.created_at,
  updatedAt: m.updated_at,
  nutrition: nutrition(m.nutrition),
  items: m.items.map(asMealItem),
});

test('createFoodItem, foodItem(id) and foodItems(q, limit) equal REST, in the same order', async () => {
  const input = {
    name: 'Flat white',
    brand: 'Roasters',
    place: 'Corner cafe',
    isDrink: true,
    servingDescription: '1 cup',
    calories: 120,
    proteinG: 6.5,
    vitaminDMcg: 0.2,
  };
  const { createFoodItem: made } = await gqlData(
    server,
    owner,
    `mutation($input: FoodItemCreateInput!) { createFoodItem(input: $input) { ${FOOD} } }`,
    { input },
  );
  expect(made).toEqual(asFood(await rest(`/food-items/${made.id}`)));
  expect(made).toMatchObject({ source: 'user', nutrition: { calories: 120, proteinG: 6.5, vitaminDMcg: 0.2, fatG: null } });
  await post('/food-items', { name: 'Espresso', brand: 'Roasters' });
  await post('/food-items', { name: 'Croissant' });
  const { me } = await gqlData(
    server,
    owner,
    `{ me { search: foodItems(q: "roast") { ${FOOD} } recent: foodItems(limit: 2) { ${FOOD} } } }`,
  );
  expect(me.search).toEqual((await rest('/food-items?q=roast')).map(asFood));
  expect(me.search).toHaveLength(2);
  expect(me.recent).toEqual((await rest('/food-items?limit=2')).map(asFood));
  const one = await gqlData(server, owner, `query($id: UUID!) { me { foodItem(id: $id) { ${FOOD} } } }`, { id: made.id });
  expect(one.me.foodItem).toEqual(made);
  expect((await gqlError(server, other, `query($id: UUID!) { me { foodItem(id: $id) { id } } }`, { id: made.id })).code).toBe('NOT_FOUND');
});

test('lookUpBarcode resolves as REST does; unknown product NOT_FOUND, provider down SERVICE_UNAVAILABLE, a bad barcode BAD_USER_INPUT at input.barcode', async () => {
  const mutation = `mutation($barcode: String!) { lookUpBarcode(input: { barcode: $barcode }) { ${FOOD} } }`;
  const { lookUpBarcode: scanned } = await gqlData(server, owner, mutation, { barcode: '3017620422003' });
  expect(scanned).toEqual(asFood(await rest(`/food-items/${scanned.id}`)));
  expect(scanned).toMatchObject({ source: 'verified', barcode: '3017620422003', servingDescription: '15 g' });
  expect((await gqlData(server, owner, mutation, { barcode: '3017620422003' })).lookUpBarcode.id).toBe(scanned.id);
  expect((await gqlError(server, owner, mutation, { barcode: '4006381333931' })).code).toBe('NOT_FOUND');
  const down = await gqlError(server, owner, mutation, { barcode: PROVIDER_FAULTS.down });
  expect(down.code).toBe('SERVICE_UNAVAILABLE');
  expect(down.message).toMatch(/label provider/);
  const bad = await gqlError(server, owner, mutation, { barcode: '3017620422004' });
  const restBad = await post('/food-items/barcode', { barcode: '3017620422004' });
  expect(bad.code).toBe('BAD_USER_INPUT');
  expect(bad.detail).toEqual(asInputIssues(restBad));
});

test("each label form through lookUpBarcode equals REST, derived nutrients named as Nutrition's fields; foodItem reads them; an edit drops the nutrient it gives", async () => {
  const mutation = `mutation($barcode: String!) { lookUpBarcode(input: { barcode: $barcode }) { ${FOOD} } }`;
  for (const barcode of Object.values(LABEL_FORMS)) {
    const { lookUpBarcode: scanned } = await gqlData(server, owner, mutation, { barcode });
    expect(scanned).toEqual(asFood(await rest(`/food-items/${scanned.id}`)));
  }
  const kj = await gqlData(server, owner, mutation, { barcode: LABEL_FORMS.kjOnly });
  expect(kj.lookUpBarcode).toMatchObject({ nutrition: { calories: 95.6 }, nutritionDerived: ['calories'] });
  const { lookUpBarcode: serving } = await gqlData(server, owner, mutation, { barcode: LABEL_FORMS.servingPartly });
  expect(serving).toMatchObject({ servingDescription: '10g', nutrition: { calories: 5, fatG: 2, sodiumMg: 47.2 } });
  expect(serving.nutritionDerived).toEqual(['proteinG', 'carbohydratesG', 'saturatedFatG', 'fiberG', 'sodiumMg']);

  const update = `mutation($id: UUID!, $input: FoodItemUpdateInput!) { updateFoodItem(id: $id, input: $input) { ${FOOD} } }`;
  const { updateFoodItem: edited } = await gqlData(server, owner, update, { id: serving.id, input: { sodiumMg: 50, proteinG: null } });
  expect(edited.nutritionDerived).toEqual(['carbohydratesG', 'saturatedFatG', 'fiberG']);
  const { me } = await gqlData(server, owner, `query($id: UUID!) { me { foodItem(id: $id) { ${FOOD} } } }`, { id: serving.id });
  expect(me.foodItem).toEqual(edited);
  expect(me.foodItem).toEqual(asFood(await rest(`/food-items/${serving.id}`)));
});

test('saved meals: create, read, hand-edit totals, delete; Event.mealItems after logging; updateFoodItem propagates with refreshEventId', async () => {
  const bread = (await post('/food-items', { name: 'Bread', calories: 80 })).body;
  const soup = (await post('/food-items', { name: 'Soup', calories: 200, sodium_mg: 700 })).body;
  const create = `mutation($input: SavedMealCreateInput!) { createSavedMeal(input: $input) { ${MEAL} } }`;
  const { createSavedMeal: meal } = await gqlData(server, owner, create, {
    input: { name: 'Lunch', items: [{ foodItemId: soup.id }, { foodItemId: bread.id, servings: 2 }] },
  });
  expect(meal).toEqual(asMeal(await rest(`/saved-meals/${meal.id}`)));
  expect(meal.nutrition).toMatchObject({ calories: 360, sodiumMg: 700 });
  const { me } = await gqlData(
    server,
    owner,
    `query($id: UUID!) { me { savedMeals { ${MEAL} } savedMeal(id: $id) { ${MEAL} items { foodItem { id name } } } } }`,
    { id: meal.id },
  );
  expect(me.savedMeals).toEqual((await rest('/saved-meals')).map(asMeal));
  expect(me.savedMeal.items.map((i: any) => i.foodItem)).toEqual([
    { id: soup.id, name: 'Soup' },
    { id: bread.id, name: 'Bread' },
  ]);

  const event = (await post('/events', { saved_meal_id: meal.id })).body;
  const logged = await gqlData(server, owner, `query($id: UUID!) { me { event(id: $id) { mealItems { ${MEAL_ITEM} } } } }`, {
    id: event.id,
  });
  expect(logged.me.event.mealItems).toEqual((await rest(`/events/${event.id}`)).meal_items.map(asMealItem));

  const update = `mutation($id: UUID!, $refresh: UUID, $input: FoodItemUpdateInput!) { updateFoodItem(id: $id, refreshEventId: $refresh, input: $input) { ${FOOD} } }`;
  const { updateFoodItem: edited } = await gqlData(server, owner, update, {
    id: soup.id,
    refresh: event.id,
    input: { calories: 220, sodiumMg: null },
  });
  expect(edited).toEqual(asFood(await rest(`/food-items/${soup.id}`)));
  expect(edited).toMatchObject({ source: 'user_edited', nutrition: { calories: 220, sodiumMg: null } });
  expect((await rest(`/events/${event.id}`)).meal_items[0].nutrition).toEqual({ calories: 220 });
  expect((await rest(`/saved-meals/${meal.id}`)).nutrition).toEqual({ calories: 380 });

  const edit = `mutation($id: UUID!, $input: SavedMealUpdateInput!) { updateSavedMeal(id: $id, input: $input) { ${MEAL} } }`;
  const { updateSavedMeal: hand } = await gqlData(server, owner, edit, {
    id: meal.id,
    input: { name: 'Big lunch', nutrition: { calories: 500 } },
  });
  expect(hand).toEqual(asMeal(await rest(`/saved-meals/${meal.id}`)));
  expect(hand).toMatchObject({ name: 'Big lunch', totalsSource: 'user', nutrition: { calories: 500 } });

  const badItems = await gqlError(server, owner, edit, { id: meal.id, input: { items: [{ foodItemId: soup.id, servings: 0 }] } });
  const restBad = await server
    .api()
    .patch(`/users/${owner.id}/saved-meals/${meal.id}`)
    .set(owner.auth)
    .send({ items: [{ food_item_id: soup.id, servings: 0 }] });
  expect(badItems.detail).toEqual(asInputIssues(restBad));
  expect((await gqlError(server, other, edit, { id: meal.id, input: { name: 'x' } })).code).toBe('NOT_FOUND');
  expect((await gqlData(server, owner, 'mutation($id: UUID!) { deleteSavedMeal(id: $id) }', { id: meal.id })).deleteSavedMeal).toBe(true);
  expect((await gqlError(server, owner, 'mutation($id: UUID!) { deleteSavedMeal(id: $id) }', { id: meal.id })).code).toBe('NOT_FOUND');
});

test('every food mutation is FORBIDDEN with a read-only token', async () => {
  const token = await readOnly(server, owner);
  const food = (await post('/food-items', { name: 'Guarded' })).body;
  const meal = (await post('/saved-meals', { name: 'Guarded', items: [{ food_item_id: food.id }] })).body;
  for (const [query, variables] of [
    ['mutation { createFoodItem(input: { name: "x" }) { id } }', {}],
    ['mutation { lookUpBarcode(input: { barcode: "3017620422003" }) { id } }', {}],
    ['mutation($id: UUID!) { updateFoodItem(id: $id, input: { calories: 1 }) { id } }', { id: food.id }],
    ['mutation($f: UUID!) { createSavedMeal(input: { name: "x", items: [{ foodItemId: $f }] }) { id } }', { f: food.id }],
    ['mutation($id: UUID!) { updateSavedMeal(id: $id, input: { name: "x" }) { id } }', { id: meal.id }],
    ['mutation($id: UUID!) { deleteSavedMeal(id: $id) }', { id: meal.id }],
  ] as const) {
    expect((await gqlError(server, token, query, variables)).code).toBe('FORBIDDEN');
  }
});

test('saved meals with their items and foods, and events with their meal items, cost the same statements for 1 or 6 of them', async () => {
  const u = await (await import('../helpers/users.ts')).signUp(server);
  const add = async () => {
    const f = (await server.api().post(`/users/${u.id}/food-items`).set(u.auth).send({ name: 'Food', calories: 10 })).body;
    const meal = (
      await server
        .api()
        .post(`/users/${u.id}/saved-meals`)
        .set(u.auth)
        .send({ name: 'M', items: [{ food_item_id: f.id }, { food_item_id: f.id }] })
    ).body;
    await server.api().post(`/users/${u.id}/events`).set(u.auth).send({ saved_meal_id: meal.id });
  };
  const query = `{ me { savedMeals { id items { id foodItem { id name } } } events { id mealItems { id foodItem { id } } } } }`;
  await add();
  const one = await statementsOf(server, () => gqlData(server, u, query));
  for (let i = 0; i < 5; i++) await add();
  const six = await statementsOf(server, () => gqlData(server, u, query));
  expect((await gqlData(server, u, query)).me.savedMeals).toHaveLength(6);
  expect(six).toBe(one);
});
