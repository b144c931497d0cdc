import type { seedDemo } from '../../src/tools/demo-data.ts';
import { gqlData, gqlError } from '../helpers/graphql.ts';
import { withIsolatedServer, type IsolatedServer } from '../helpers/server.ts';
import { statementsOf } from '../helpers/statements.ts';
import type { TestUser } from '../helpers/users.ts';

/** Day summaries through GraphQL: the same numbers as REST's /days, as typed lists instead of maps. */
let server: IsolatedServer;
let owner: TestUser;
let other: TestUser;
// No job workers: background rounds (the outbound pump, periodic jobs) would add statements to a measurement.
withIsolatedServer(
  (f) => ({ server, owner, other } = f),
  { timezone: 'Europe/Berlin' },
  () => ({ workers: 0 }),
);

type Rest = Record<string, any>;
const rest = async (u: TestUser, path: string): Promise<any> => (await server.api().get(`/users/${u.id}${path}`).set(u.auth)).body;

const END = '2026-06-30';
const DAY = `date eventCount
  metrics { slug valueField value operator resolvedFrom sources { source value } metricType { slug unit } }
  factors { key tag count category { id name } }
  goals { slug valueField target direction value met progress }`;

beforeAll(async () => {
  await server.call<typeof seedDemo>('tools/demo-data.ts', 'seedDemo', owner.id, 'Europe/Berlin', {
    days: 60,
    seed: 11,
    today: new Date(`${END}T12:00:00Z`),
  });
});

// The catalogue as REST lists it, by slug: each metric's value_field and unit.
let catalogue: Map<string, Rest>;
beforeAll(async () => {
  catalogue = new Map((await server.api().get('/metric-types').set(owner.auth)).body.map((t: Rest) => [t.slug, t]));
});

/** A REST day summary in GraphQL's shape: its maps as lists in the same order; the core fields repeat `metrics`. */
function asGraphQL(d: Rest, categories: Rest[]) {
  return {
    date: d.date,
    eventCount: d.event_count,
    metrics: Object.entries(d.metrics).map(([slug, value]) => {
      const { value_field: valueField, unit } = catalogue.get(slug)!;
      if (valueField) expect(d[valueField]).toBe(value);
      const r = d.resolution[slug];
      return {
        slug,
        valueField,
        value,
        operator: r.operator,
        resolvedFrom: r.resolved_from,
        sources: Object.entries(r.sources).map(([source, v]) => ({ source, value: v })),
        metricType: { slug, unit },
      };
    }),
    factors: Object.entries(d.factors).map(([key, count]) => {
      const [kind, id] = [key.slice(0, key.indexOf(':')), key.slice(key.indexOf(':') + 1)];
      const name = categories.find((c) => c.id === id)?.name;
      return { key, count, tag: kind === 'tag' ? id : null, category: kind === 'category' ? { id, name } : null };
    }),
    goals: d.goals.map((g: Rest) => ({
      slug: g.slug,
      valueField: g.value_field,
      target: g.target,
      direction: g.direction,
      value: g.value,
      met: g.met,
      progress: g.progress,
    })),
  };
}

describe('queries', () => {
  test('days(from, to) equals REST /days field by field, relations resolved', async () => {
    const { me } = await gqlData(server, owner, `query { me { days(from: "2026-05-01", to: "${END}") { ${DAY} } } }`);
    const days: Rest[] = await rest(owner, `/days?from=2026-05-01&to=${END}`);
    const categories: Rest[] = await rest(owner, '/categories');
    expect(me.days).toHaveLength(61);
    expect(me.days).toEqual(days.map((d) => asGraphQL(d, categories)));
    // The data is rich enough to mean something: factors of both kinds, several sources, goals met and missed.
    const all = me.days as Rest[];
    expect(all.some((d) => d.factors.some((f: Rest) => f.category))).toBe(true);
    expect(all.some((d) => d.factors.some((f: Rest) => f.tag))).toBe(true);
    expect(all.some((d) => d.metrics.some((m: Rest) => m.sources.length > 1))).toBe(true);
    const met = new Set(all.flatMap((d) => d.goals.map((g: Rest) => g.met)));
    expect(met.has(true) && met.has(false)).toBe(true);
  });

  test('day(date) equals REST /days/{date} and the same day of days()', async () => {
    const { me } = await gqlData(
      server,
      owner,
      `query { me { day(date: "${END}") { ${DAY} } range: days(from: "${END}", to: "${END}") { ${DAY} } } }`,
    );
    const categories: Rest[] = await rest(owner, '/categories');
    expect(me.day).toEqual(asGraphQL(await rest(owner, `/days/${END}`), categories));
    expect(me.range).toEqual([me.day]);
    expect(me.day.metrics.length).toBeGreaterThan(5);
    expect(me.day.goals.length).toBeGreaterThan(0);
  });

  test('a day without data: empty lists, goals without a value', async () => {
    const { me } = await gqlData(server, owner, `{ me { day(date: "2020-01-01") { ${DAY} } } }`);
    expect(me.day).toMatchObject({ date: '2020-01-01', eventCount: 0, metrics: [], factors: [] });
    expect(me.day.goals.every((g: Rest) => g.value === null && g.met === null && g.progress === null)).toBe(true);
  });

  test('relations cost the same statements for 3 days as for 60 (one batch per relation, no N+1)', async () => {
    const statements = (from: string) =>
      statementsOf(server, () => gqlData(server, owner, `{ me { days(from: "${from}", to: "${END}") { ${DAY} } } }`));
    const few = await statements('2026-06-28');
    expect(few).toBeGreaterThan(0);
    expect(await statements('2026-05-02')).toBe(few);
  });
});

describe('bad arguments and other users', () => {
  test.each([
    ['day(date: "2026-02-30") { date }', ['date']],
    ['days(from: "March", to: "2026-06-30") { date }', ['from']],
    ['days(from: "2026-06-30", to: "2026-06-01") { date }', ['to']],
    ['days(from: "2025-06-29", to: "2026-06-30") { date }', ['to']],
  ])('%s is BAD_USER_INPUT at %j', async (field, locs) => {
    const error = await gqlError(server, owner, `{ me { ${field} } }`);
    expect(error.code).toBe('BAD_USER_INPUT');
    expect(error.locs).toEqual(locs);
  });

  test('366 days are allowed, as in REST', async () => {
    const { me } = await gqlData(server, owner, '{ me { days(from: "2025-06-30", to: "2026-06-30") { date } } }');
    expect(me.days).toHaveLength(366);
  });

  test("another user cannot reach the owner's days, and sees none of them in their own", async () => {
    const foreign = await gqlError(server, other, `query($id: UUID!) { user(id: $id) { day(date: "${END}") { date } } }`, { id: owner.id });
    expect(foreign.code).toBe('FORBIDDEN');
    const { me } = await gqlData(server, other, `{ me { day(date: "${END}") { ${DAY} } } }`);
    expect(me.day).toEqual({ date: END, eventCount: 0, metrics: [], factors: [], goals: [] });
  });
});
