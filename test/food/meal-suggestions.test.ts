import { captureParsed } from '../captures/flow.ts';
import { withServer, type HttpServer } from '../helpers/server.ts';
import type { TestUser } from '../helpers/users.ts';

let server: HttpServer;
let alice: TestUser;
withServer((f) => ({ server, owner: alice } = f));

const post = (u: TestUser, path: string, body: object) => server.api().post(`/users/${u.id}${path}`).set(u.auth).send(body);
const get = async (u: TestUser, path: string) => (await server.api().get(`/users/${u.id}${path}`).set(u.auth)).body;

test('accepting a parsed meal resolves item names to food items (any case): metadata ids, logged snapshots, usage, day nutrition', async () => {
  const salad = (await post(alice, '/food-items', { name: 'Chicken Salad', calories: 350, protein_g: 30 })).body;
  // The same name twice: the most used one wins over the newer one.
  const spare = (await post(alice, '/food-items', { name: 'chicken salad', calories: 999 })).body;
  const usual = (await post(alice, '/saved-meals', { name: 'Usual', items: [{ food_item_id: salad.id }] })).body;
  await post(alice, '/events', { saved_meal_id: usual.id, occurred_at: '2026-03-01T12:00:00Z' });
  const capture = await captureParsed(server, alice, 'lunch: chicken salad and a latte', { captured_at: '2026-03-10T15:30:00Z' });
  const suggestion = capture.suggestions[0];
  expect(suggestion.kind).toBe('meal');
  const accepted = await post(alice, `/suggestions/${suggestion.id}/accept`, {
    items: [{ name: 'chicken salad', quantity: 2 }, { name: 'latte' }],
  });
  expect(accepted.status).toBe(200);
  const event = await get(alice, `/events/${accepted.body.resulting_event_id}`);
  expect(event.metadata.meal.items).toEqual([
    { name: 'chicken salad', quantity: 2, food_item_id: salad.id },
    { name: 'latte', quantity: null, food_item_id: null },
  ]);
  expect(event.meal_items).toEqual([
    expect.objectContaining({ food_item_id: salad.id, servings: 2, name: 'Chicken Salad', nutrition: { calories: 700, protein_g: 60 } }),
  ]);
  expect((await get(alice, `/food-items/${salad.id}`)).usage_count).toBe(2);
  expect((await get(alice, `/food-items/${spare.id}`)).usage_count).toBe(0);
  expect((await get(alice, `/days/${event.local_date}`)).metrics).toMatchObject({ dietary_energy: 700, protein: 60 });
});

test('a meal with no known food stays text and has no meal_items', async () => {
  const capture = await captureParsed(server, alice, 'dinner: pasta', { captured_at: '2026-03-11T19:30:00Z' });
  const accepted = await post(alice, `/suggestions/${capture.suggestions[0].id}/accept`, {});
  const event = await get(alice, `/events/${accepted.body.resulting_event_id}`);
  expect(event.metadata.meal.items).toEqual([{ name: 'pasta', quantity: null, food_item_id: null }]);
  expect(event).not.toHaveProperty('meal_items');
});
