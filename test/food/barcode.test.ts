import { startFoodProvider, LABEL_FORMS, PROVIDER_FAULTS, type FoodProvider } from '../helpers/open-food-facts.ts';
import { withIsolatedServer, type IsolatedServer } from '../helpers/server.ts';
import type { TestUser } from '../helpers/users.ts';
import { expect422, expectError } from '../helpers/expect.ts';

let provider: FoodProvider;
let server: IsolatedServer;
let alice: TestUser;
let bob: TestUser;
beforeAll(async () => {
  provider = await startFoodProvider();
});
afterAll(() => provider.stop());
withIsolatedServer(
  (f) => ({ server, owner: alice, other: bob } = f),
  {},
  () => ({ openFoodFactsUrl: provider.url, openFoodFactsTimeoutMs: 500 }),
);

const scan = (u: TestUser, barcode: unknown) => server.api().post(`/users/${u.id}/food-items/barcode`).set(u.auth).send({ barcode });
const count = async (u: TestUser) => (await server.api().get(`/users/${u.id}/food-items?limit=500`).set(u.auth)).body.length;
const storedProduct = async (id: string) =>
  (await server.sql<{ provider_product: any }>(`select provider_product from food_items where id = $1`, [id]))[0].provider_product;

describe('POST /users/{user_id}/food-items/barcode (rule 6)', () => {
  test('(c) a new barcode creates a verified item from the label, per serving, with the raw product kept out of sight', async () => {
    const res = await scan(alice, '3017620422003');
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Nutella',
      brand: 'Nutella',
      barcode: '3017620422003',
      source: 'verified',
      is_drink: false,
      serving_description: '15 g',
      usage_count: 0,
    });
    expect(res.body.nutrition).toEqual({
      calories: 80.8,
      protein_g: 0.945,
      carbohydrates_g: 8.62,
      fat_g: 4.63,
      saturated_fat_g: 1.59,
      sugar_g: 8.44,
      sodium_mg: 6.42,
    });
    expect(res.body.nutrition_derived).toEqual([]);
    expect(JSON.stringify(res.body)).not.toMatch(/provider|nutriments/);
    const raw = await storedProduct(res.body.id);
    expect(raw.nutriments['energy-kcal_100g']).toBe(539);
    const request = provider.requests.at(-1)!;
    expect(request.path).toBe('/api/v2/product/3017620422003');
    expect(request.headers['user-agent']).toMatch(/^lifetrack\/\S+ \(/);
  });

  test('(a) a barcode already scanned answers the same item with 200, without asking the provider', async () => {
    const first = await scan(alice, '7613035974685');
    const asked = provider.requests.length;
    const again = await scan(alice, ' 7613035974685 ');
    expect(first.status).toBe(201);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(provider.requests.length).toBe(asked);
  });

  test('(b) an item matching the product by (name, brand), ignoring case, gets the barcode and keeps its source and values', async () => {
    const mine = (
      await server.api().post(`/users/${alice.id}/food-items`).set(alice.auth).send({ name: 'greek yogurt', brand: 'FAGE', calories: 150 })
    ).body;
    const before = await count(alice);
    const res = await scan(alice, '5000000000043');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: mine.id,
      name: 'greek yogurt',
      brand: 'FAGE',
      barcode: '5000000000043',
      source: 'user',
      nutrition: { calories: 150 },
    });
    expect(await count(alice)).toBe(before);
    expect(await storedProduct(mine.id)).toBeNull();
    // Now it is the scanned item (a).
    expect((await scan(alice, '5000000000043')).body.id).toBe(mine.id);
  });

  test('concurrent scans of a new barcode create one item: one 201, the others 200 with it', async () => {
    const u = await (await import('../helpers/users.ts')).signUp(server);
    const answers = await Promise.all(Array.from({ length: 5 }, () => scan(u, '5449000000996')));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 201]);
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    expect(await count(u)).toBe(1);
  });

  test('another user scanning the same barcode gets an item of their own', async () => {
    const mine = (await scan(alice, '3017620422003')).body;
    const theirs = await scan(bob, '3017620422003');
    expect(theirs.status).toBe(201);
    expect(theirs.body.id).not.toBe(mine.id);
  });

  test('no serving on the label: per 100 ml for a drink, and the serving description says so', async () => {
    const res = await scan(alice, '5449000000996');
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: 'Coca-Cola', brand: 'Coca-Cola', is_drink: true });
    expect(res.body.serving_description).toMatch(/^per 100 ml/);
    expect(res.body.nutrition).toEqual({
      calories: 42,
      protein_g: 0,
      carbohydrates_g: 10.6,
      fat_g: 0,
      saturated_fat_g: 0,
      sugar_g: 10.6,
      sodium_mg: 0,
    });
  });

  test("OFF's grams become the spec's mg and mcg", async () => {
    const res = await scan(bob, '7613035974685');
    expect(res.body.serving_description).toBe('30 g');
    expect(res.body.nutrition).toEqual({
      calories: 115,
      protein_g: 2.5,
      carbohydrates_g: 23,
      fat_g: 1.5,
      saturated_fat_g: 0.3,
      trans_fat_g: 0,
      fiber_g: 3,
      sugar_g: 4,
      added_sugar_g: 4,
      cholesterol_mg: 0,
      sodium_mg: 150,
      potassium_mg: 100,
      calcium_mg: 130,
      iron_mg: 4.2,
      vitamin_a_mcg: 90,
      vitamin_c_mg: 6,
      vitamin_d_mcg: 1.5,
    });
  });

  test('a product the provider does not know is a 404, nothing written', async () => {
    const before = await count(alice);
    expectError(await scan(alice, '4006381333931'), 404);
    expect(await count(alice)).toBe(before);
  });

  test.each([
    ['slow', /did not answer in time/],
    ['down', /unusable response \(HTTP 502\)/],
    ['garbage', /unusable response \(HTTP 200\)/],
  ] as const)('the provider %s is a 503 with a clear detail, nothing written', async (fault, detail) => {
    const before = await count(alice);
    const res = await scan(alice, PROVIDER_FAULTS[fault]);
    expectError(res, 503);
    expect(res.body.detail).toMatch(detail);
    expect(await count(alice)).toBe(before);
  });

  test.each([
    ['3017620422004', 'a wrong check digit'],
    ['301762042200', '12 digits with a wrong check digit'],
    ['123456789', '9 digits'],
    ['301762042200a', 'a letter'],
    ['', 'empty'],
    [3017620422003, 'a number'],
  ])('%s (%s) is a 422 at body.barcode', async (barcode, _why) => {
    expect422(await scan(alice, barcode), ['body', 'barcode']);
  });

  test('8, 12 and 14 digit GTINs with valid check digits reach the provider', async () => {
    for (const code of ['50000005', '012345678905', '15000000000019']) expectError(await scan(alice, code), 404);
    expect(provider.requests.slice(-3).map((r) => r.path)).toEqual([
      '/api/v2/product/50000005',
      '/api/v2/product/012345678905',
      '/api/v2/product/15000000000019',
    ]);
  });

  test('a missing barcode is a 422; another user path is a 403', async () => {
    expect422(await server.api().post(`/users/${alice.id}/food-items/barcode`).set(alice.auth).send({}), ['body', 'barcode']);
    expectError(await scan(alice, '3017620422003').set(bob.auth), 403);
  });
});

describe('labels as Open Food Facts really sends them (fixtures from its own tests)', () => {
  test("energy only in kJ: calories = kJ / 4.184 to 0.1 kcal, marked derived; the label's other values as given, per 100 g", async () => {
    const res = await scan(alice, LABEL_FORMS.kjOnly);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: `Product ${LABEL_FORMS.kjOnly}`, brand: '', source: 'verified' });
    expect(res.body.serving_description).toMatch(/^per 100 g/);
    expect(res.body.nutrition).toEqual({
      calories: 95.6,
      protein_g: 4.5,
      carbohydrates_g: 10.5,
      fat_g: 8.5,
      saturated_fat_g: 5.6,
      fiber_g: 2,
      sugar_g: 12.5,
      added_sugar_g: 0,
      sodium_mg: 20.08,
    });
    expect(res.body.nutrition_derived).toEqual(['calories']);
  });

  test('salt without sodium: sodium_mg = salt / 2.5, in mg, marked derived', async () => {
    const res = await scan(alice, LABEL_FORMS.saltOnly);
    expect(res.status).toBe(201);
    expect(res.body.nutrition).toEqual({ sodium_mg: 20.08 });
    expect(res.body.nutrition_derived).toEqual(['sodium_mg']);
  });

  test("the plain energy_100g with no unit is kJ (OFF's convention), and salt gives the sodium", async () => {
    const res = await scan(alice, LABEL_FORMS.energyWithoutUnit);
    expect(res.body.nutrition).toEqual({
      calories: 95.6,
      protein_g: 4.5,
      carbohydrates_g: 10.5,
      fat_g: 8.5,
      sugar_g: 12.5,
      sodium_mg: 20.08,
    });
    expect(res.body.nutrition_derived).toEqual(['calories', 'sodium_mg']);
  });

  test("serving_quantity without _serving values: per 100 g x 10 g / 100, every value derived, the label's serving size kept", async () => {
    const res = await scan(alice, LABEL_FORMS.servingQuantityOnly);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: 'Test old nutrition fields', serving_description: '10g' });
    expect(res.body.nutrition).toEqual({
      calories: 42.4,
      protein_g: 0.82,
      carbohydrates_g: 6.74,
      fat_g: 1.25,
      saturated_fat_g: 0.31,
      fiber_g: 0.45,
      sodium_mg: 47.2,
    });
    expect(res.body.nutrition_derived).toEqual([
      'calories',
      'protein_g',
      'carbohydrates_g',
      'fat_g',
      'saturated_fat_g',
      'fiber_g',
      'sodium_mg',
    ]);
  });

  test('a label with its own per-serving values for some nutrients: those as given, the rest scaled from per 100 g', async () => {
    const res = await scan(alice, LABEL_FORMS.servingPartly);
    expect(res.body.serving_description).toBe('10g');
    expect(res.body.nutrition).toEqual({
      calories: 5,
      protein_g: 0.82,
      carbohydrates_g: 6.74,
      fat_g: 2,
      saturated_fat_g: 0.31,
      fiber_g: 0.45,
      sodium_mg: 47.2,
    });
    expect(res.body.nutrition_derived).toEqual(['protein_g', 'carbohydrates_g', 'saturated_fat_g', 'fiber_g', 'sodium_mg']);
  });

  test('an edit gives a nutrient (a value, or null to clear it): it leaves the derived list; the others stay, as does a read', async () => {
    const item = (await scan(bob, LABEL_FORMS.servingQuantityOnly)).body;
    const edit = (body: object) => server.api().patch(`/users/${bob.id}/food-items/${item.id}`).set(bob.auth).send(body);
    const renamed = await edit({ name: 'Biscuit' });
    expect(renamed.body).toMatchObject({ source: 'verified', nutrition_derived: item.nutrition_derived });
    const edited = await edit({ calories: 45, sodium_mg: null, protein_g: 0.82 });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ source: 'user_edited', nutrition: { calories: 45, protein_g: 0.82 } });
    expect(edited.body.nutrition).not.toHaveProperty('sodium_mg');
    expect(edited.body.nutrition_derived).toEqual(['carbohydrates_g', 'fat_g', 'saturated_fat_g', 'fiber_g']);
    expect((await server.api().get(`/users/${bob.id}/food-items/${item.id}`).set(bob.auth)).body.nutrition_derived).toEqual(
      edited.body.nutrition_derived,
    );
  });

  test('an item entered by hand has nothing derived', async () => {
    const res = await server.api().post(`/users/${alice.id}/food-items`).set(alice.auth).send({ name: 'Toast', calories: 90 });
    expect(res.body.nutrition_derived).toEqual([]);
  });
});
