import { gql, gqlData, gqlError, readOnly } from '../helpers/graphql.ts';
import { asInputIssues } from '../helpers/input-issues.ts';
import { withServer, type HttpServer } from '../helpers/server.ts';
import type { TestUser } from '../helpers/users.ts';
import { ingestOk } from '../metrics/support.ts';

/** Experiments through GraphQL: the same services, answers and rules as REST. */
let server: HttpServer;
let owner: TestUser;
let other: TestUser;
withServer((f) => ({ server, owner, other } = f));

type Json = Record<string, any>;
const rest = (path: string, u: TestUser = owner) =>
  server
    .api()
    .get(`/users/${u.id}${path}`)
    .set(u.auth)
    .then((r) => r.body);
const restPost = (path: string, body: object) =>
  server
    .api()
    .post(`/users/${owner.id}${path}`)
    .set(owner.auth)
    .send(body)
    .then((r) => r.body);

const EXPERIMENT = `id hypothesis intervention outcome design blockDays blocks washoutDays start end seed better lag status stoppedOn
  schedule { index arm from to }
  days { date arm block washout intervention adherent outcomeDate outcome analysed }
  adherence { daysKnown daysAdherent rate }
  results { nA nB meanA meanB difference hedgesG hacSe olsSe se hacLags runs df ciLow ciHigh pValue minDaysPerArm verdict }
  createdAt updatedAt`;

const camel = (o: Json): Json =>
  Object.fromEntries(Object.entries(o).map(([k, v]) => [k.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase()), v]));
/** A REST ExperimentRead in the GraphQL shape (user_id is the parent User), for a field-by-field comparison. */
function asExperiment(e: Json): Json {
  const { user_id: _, ...rest } = e;
  return {
    ...camel(rest),
    schedule: e.schedule,
    days: e.days.map(camel),
    adherence: camel(e.adherence),
    results: camel(e.results),
  };
}

const input = {
  hypothesis: 'Magnesium at night, deeper sleep',
  intervention: 'tag:magnesium',
  outcome: 'sleep_hours',
  design: 'randomized',
  blockDays: 2,
  blocks: 20,
  washoutDays: 1,
  start: '2026-02-02',
  seed: 5,
  lag: 0,
};

test('createExperiment, updateExperiment (extend, stop) and deleteExperiment equal REST', async () => {
  await ingestOk(
    server,
    owner,
    Array.from({ length: 40 }, (_, d) => ({
      metric_type_slug: 'sleep_duration',
      recorded_at: new Date(Date.parse('2026-02-02T07:00:00Z') + d * 86_400_000).toISOString(),
      source: 'watch',
      value: 6 + ((d * 7) % 5) / 4,
    })),
  );
  const { createExperiment: made } = await gqlData(
    server,
    owner,
    `mutation($input: ExperimentCreateInput!) { createExperiment(input: $input) { ${EXPERIMENT} } }`,
    { input },
  );
  expect(made).toEqual(asExperiment(await rest(`/experiments/${made.id}`)));
  expect(made).toMatchObject({ ...input, outcome: 'sleep_duration', status: 'completed', better: 'higher' });
  expect(made.results.nA + made.results.nB).toBeGreaterThan(20);
  const { updateExperiment: longer } = await gqlData(
    server,
    owner,
    `mutation($id: UUID!) { updateExperiment(id: $id, input: { blocks: 24, hypothesis: "Reworded" }) { ${EXPERIMENT} } }`,
    { id: made.id },
  );
  expect(longer).toEqual(asExperiment(await rest(`/experiments/${made.id}`)));
  expect(longer.schedule.slice(0, 20)).toEqual(made.schedule);
  const { updateExperiment: stopped } = await gqlData(
    server,
    owner,
    `mutation($id: UUID!) { updateExperiment(id: $id, input: { status: stopped }) { status stoppedOn } }`,
    { id: made.id },
  );
  expect(stopped).toEqual({ status: 'stopped', stoppedOn: (await rest(`/experiments/${made.id}`)).stopped_on });
  expect((await gqlData(server, owner, 'mutation($id: UUID!) { deleteExperiment(id: $id) }', { id: made.id })).deleteExperiment).toBe(true);
  expect((await server.api().get(`/users/${owner.id}/experiments/${made.id}`).set(owner.auth)).status).toBe(404);
  expect((await gqlError(server, owner, 'mutation($id: UUID!) { deleteExperiment(id: $id) }', { id: made.id })).code).toBe('NOT_FOUND');
});

test('experiments and experiment(id) give what REST gives, in the same order, with the version REST tags', async () => {
  const a = await restPost('/experiments', { hypothesis: 'a', intervention: 'tag:a', outcome: 'mood', design: 'ab', start: '2026-01-05' });
  await restPost('/experiments', {
    hypothesis: 'b',
    intervention: 'metric:caffeine>200',
    outcome: 'energy',
    design: 'abab',
    start: '2026-01-05',
    lag: 1,
  });
  const { me } = await gqlData(
    server,
    owner,
    `query($id: UUID!) { me { experiments { ${EXPERIMENT} } experiment(id: $id) { version ${EXPERIMENT} } } }`,
    {
      id: a.id,
    },
  );
  expect(me.experiments).toEqual((await rest('/experiments')).map(asExperiment));
  const { version, ...one } = me.experiment;
  expect(one).toEqual(asExperiment(await rest(`/experiments/${a.id}`)));
  const etag = (await server.api().get(`/users/${owner.id}/experiments/${a.id}`).set(owner.auth)).headers.etag;
  expect(`"${version}"`).toBe(etag);
  const conflict = await gqlError(
    server,
    owner,
    'mutation($id: UUID!, $v: Int) { updateExperiment(id: $id, input: { hypothesis: "x" }, expectedVersion: $v) { id } }',
    {
      id: a.id,
      v: version - 1,
    },
  );
  expect(conflict.code).toBe('CONFLICT');
});

test('validation issues are the REST ones under the input argument', async () => {
  const body = { hypothesis: '', intervention: 'coffee', outcome: 'mood', design: 'randomized', blocks: 3, start: '2026-01-05', lag: 9 };
  const restBad = await server.api().post(`/users/${owner.id}/experiments`).set(owner.auth).send(body);
  const bad = await gqlError(server, owner, 'mutation($input: ExperimentCreateInput!) { createExperiment(input: $input) { id } }', {
    input: body,
  });
  expect(bad.code).toBe('BAD_USER_INPUT');
  expect(bad.detail).toEqual(asInputIssues(restBad));
  expect(bad.locs.sort()).toEqual(['input.blocks', 'input.hypothesis', 'input.lag']);
  // The keys are checked once the fields are valid: also the REST issues.
  const keys = { ...body, hypothesis: 'h', blocks: 4, lag: 0, blockDays: 3, washoutDays: 3 };
  const restKeys = await server
    .api()
    .post(`/users/${owner.id}/experiments`)
    .set(owner.auth)
    .send({ ...keys, block_days: 3, washout_days: 3 });
  const badKeys = await gqlError(server, owner, 'mutation($input: ExperimentCreateInput!) { createExperiment(input: $input) { id } }', {
    input: keys,
  });
  expect(badKeys.detail).toEqual(asInputIssues(restKeys));
  expect(badKeys.locs).toEqual(['input.washoutDays']);
  const e = await restPost('/experiments', {
    hypothesis: 'h',
    intervention: 'tag:x',
    outcome: 'mood',
    design: 'abab',
    start: '2026-01-05',
  });
  const badUpdate = await gqlError(
    server,
    owner,
    'mutation($id: UUID!) { updateExperiment(id: $id, input: { blocks: 2, status: running }) { id } }',
    {
      id: e.id,
    },
  );
  expect(badUpdate.locs.sort()).toEqual(['input.status']);
  const shorter = await gqlError(server, owner, 'mutation($id: UUID!) { updateExperiment(id: $id, input: { blocks: 2 }) { id } }', {
    id: e.id,
  });
  expect(shorter.locs).toEqual(['input.blocks']);
});

test("another user's experiment ids are NOT_FOUND on every field and mutation", async () => {
  const e = await restPost('/experiments', {
    hypothesis: 'Secret',
    intervention: 'tag:x',
    outcome: 'mood',
    design: 'abab',
    start: '2026-01-05',
  });
  for (const query of [
    'query($id: UUID!) { me { experiment(id: $id) { id } } }',
    'mutation($id: UUID!) { updateExperiment(id: $id, input: { hypothesis: "x" }) { id } }',
    'mutation($id: UUID!) { deleteExperiment(id: $id) }',
  ]) {
    expect((await gqlError(server, other, query, { id: e.id })).code).toBe('NOT_FOUND');
  }
  const { me } = await gqlData(server, other, '{ me { experiments { hypothesis } } }');
  expect(me.experiments.map((x: Json) => x.hypothesis)).not.toContain('Secret');
  expect(await rest(`/experiments/${e.id}`)).toMatchObject({ hypothesis: 'Secret' });
});

test('a read-only token reads experiments but every experiment mutation is FORBIDDEN and changes nothing', async () => {
  const e = await restPost('/experiments', {
    hypothesis: 'Kept',
    intervention: 'tag:x',
    outcome: 'mood',
    design: 'abab',
    start: '2026-01-05',
  });
  const reader = await readOnly(server, owner);
  const before = await rest('/experiments');
  for (const query of [
    'mutation { createExperiment(input: { hypothesis: "x", intervention: "tag:y", outcome: "mood", design: ab, start: "2026-01-05" }) { id } }',
    'mutation($id: UUID!) { updateExperiment(id: $id, input: { status: stopped }) { id } }',
    'mutation($id: UUID!) { deleteExperiment(id: $id) }',
  ]) {
    expect((await gqlError(server, reader, query, { id: e.id })).code).toBe('FORBIDDEN');
  }
  expect(await rest('/experiments')).toEqual(before);
  expect((await gql(server, reader, '{ me { experiments { id } } }')).body.data.me.experiments).toHaveLength(before.length);
});
