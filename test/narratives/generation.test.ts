import { Unavailable } from '../../src/core/errors.ts';
import { withContext } from '../../src/db/context.ts';
import { lastWholeWeek } from '../../src/domain/narratives/digest.ts';
import { generateNarrative, runWeeklyNarratives } from '../../src/domain/narratives/generate.ts';
import { SYSTEM_PROMPT, configureNarrativeWriter, narrativeWriter } from '../../src/domain/narratives/writer.ts';
import { jobDefinitions } from '../../src/jobs/index.ts';
import { weeklyNarrativesJob } from '../../src/jobs/narratives.jobs.ts';
import { createLogger } from '../../src/logger.ts';
import { startLlmServer, type LlmServer } from '../helpers/llm-server.ts';
import { withOwnServer, type TestServer } from '../helpers/server.ts';
import { signUp, type TestUser } from '../helpers/users.ts';
import { seedWeeks, WEEK, WEEK_END } from './support.ts';

/** Generation against a local chat-completions endpoint: what it is sent, what is stored, and every way it can fail. */
let llm: LlmServer;
let server: TestServer;
let alice: TestUser;
let bob: TestUser;
const API_KEY = 'sk-test-narratives';
const MODEL = 'configured-model';

beforeAll(async () => {
  llm = await startLlmServer();
});
withOwnServer(
  (f) => ({ server, owner: alice, other: bob } = f),
  {},
  () => ({
    narrativeLlm: { url: llm.url, model: MODEL, apiKey: API_KEY, timeoutMs: 1000, networks: 'any' },
  }),
);
afterAll(() => llm.stop());
beforeEach(() => {
  llm.behaviour = 'ok';
  llm.reply.model = 'local-model-2026-11';
});

const logger = createLogger('silent');
const run = <T>(fn: () => Promise<T>) => withContext(fn, server.db.orm);
const narratives = async (u: TestUser) =>
  (await server.api().get(`/users/${u.id}/narratives?limit=500`).set(u.auth)).body as Record<string, any>[];
const digestOf = async (u: TestUser, week: string) =>
  (await server.api().get(`/users/${u.id}/narratives/digest?week=${week}`).set(u.auth)).body.digest as string;

beforeAll(async () => seedWeeks(server, alice));

test('the model is asked with the digest (its real numbers), and the prose is stored with its provenance; a rerun replaces it, keeping the id', async () => {
  const generated = await run(() => generateNarrative(alice.id, WEEK, 'replace'));
  expect(generated!.created).toBe(true);
  const request = llm.requests.at(-1)!;
  expect(request.path).toBe('/v1/chat/completions');
  expect(request.headers.authorization).toBe(`Bearer ${API_KEY}`);
  expect(request.body).toEqual({
    model: MODEL,
    temperature: 0.2,
    messages: [
      { role: 'system', content: SYSTEM_PROMPT },
      { role: 'user', content: await digestOf(alice, WEEK) },
    ],
  });
  const days = (await server.api().get(`/users/${alice.id}/days?from=${WEEK}&to=${WEEK_END}`).set(alice.auth)).body as {
    sleep_hours: number;
  }[];
  expect(request.body.messages[1].content).toContain(
    `- Sleep (sleep_duration, h): ${days.map((d) => Math.round(d.sleep_hours * 100) / 100).join(' ')}`,
  );

  const stored = (await narratives(alice)).find((n) => n.period_start === WEEK)!;
  expect(stored).toMatchObject({
    id: generated!.narrative.id,
    period_end: WEEK_END,
    period_type: 'week',
    narrative_text: llm.reply.content,
    provider: new URL(llm.url).host,
    model_used: 'local-model-2026-11',
    input_tokens: 812,
    output_tokens: 143,
  });

  llm.reply.model = '';
  llm.reply.content = 'A second take.';
  const again = await run(() => generateNarrative(alice.id, WEEK, 'replace'));
  expect(again!.created).toBe(false);
  const replaced = (await server.api().get(`/users/${alice.id}/narratives/${stored.id}`).set(alice.auth)).body;
  // Without a model name in the answer, the configured one is recorded.
  expect(replaced).toMatchObject({ id: stored.id, created_at: stored.created_at, narrative_text: 'A second take.', model_used: MODEL });
  llm.reply.content = 'You slept a little less than usual this week.';
});

test.each(['http_error', 'not_json', 'empty', 'slow'] as const)(
  'a bad answer (%s) is Unavailable and stores nothing',
  async (behaviour) => {
    llm.behaviour = behaviour;
    const before = await narratives(alice);
    const asked = llm.requests.length;
    await expect(run(() => generateNarrative(alice.id, '2026-11-09', 'replace'))).rejects.toBeInstanceOf(Unavailable);
    expect(llm.requests.length).toBe(asked + 1);
    expect(await narratives(alice)).toEqual(before);
  },
);

test('the week must be a Monday', async () => {
  await expect(run(() => generateNarrative(alice.id, '2026-11-10', 'replace'))).rejects.toMatchObject({ issues: [{ loc: ['week'] }] });
});

test("the last whole week is Monday to Sunday in the user's own timezone", () => {
  expect(lastWholeWeek(new Date('2026-11-23T12:00:00Z'), 'UTC')).toBe('2026-11-16');
  expect(lastWholeWeek(new Date('2026-11-22T23:59:00Z'), 'UTC')).toBe('2026-11-09');
  // UTC+14: its Monday starts at 10:00 UTC on Sunday.
  expect(lastWholeWeek(new Date('2026-11-22T09:59:00Z'), 'Pacific/Kiritimati')).toBe('2026-11-09');
  expect(lastWholeWeek(new Date('2026-11-22T10:00:00Z'), 'Pacific/Kiritimati')).toBe('2026-11-16');
  // UTC-10: still Sunday at 09:00 UTC on Monday.
  expect(lastWholeWeek(new Date('2026-11-23T09:00:00Z'), 'Pacific/Honolulu')).toBe('2026-11-09');
});

describe('the weekly job', () => {
  const NOW = new Date('2026-11-23T12:00:00Z');

  test('is registered with a schedule', () => {
    expect(jobDefinitions).toContain(weeklyNarrativesJob);
    expect(weeklyNarrativesJob.name).toBe('narratives.weekly');
    expect(weeklyNarrativesJob.schedule).toBeTruthy();
  });

  test('writes the ended week once for users with data; never overwrites; skips empty weeks; a failure stores nothing', async () => {
    // carol has data and a narrative of her own for the week: it stays.
    const carol = await signUp(server);
    await seedWeeks(server, carol);
    const own = (
      await server.api().post(`/users/${carol.id}/narratives`).set(carol.auth).send({ period_start: WEEK, narrative_text: 'Mine' })
    ).body;
    // dave has data but the model fails for him first.
    const dave = await signUp(server);
    await seedWeeks(server, dave);
    // alice's week was generated above: delete nothing, it is kept too. A fresh user, erin, gets one.
    const erin = await signUp(server);
    await seedWeeks(server, erin);

    llm.behaviour = 'http_error';
    const failing = await run(() => runWeeklyNarratives(NOW, logger));
    expect(failing).toEqual({ generated: 0, skipped: 3, failed: 2 });
    expect((await narratives(dave)).length).toBe(0);
    expect((await narratives(erin)).length).toBe(0);
    await expect(
      run(() =>
        weeklyNarrativesJob.handler(
          { now: NOW.toISOString() },
          { jobId: 'j', attempt: 0, finalAttempt: true, logger, send: async () => true },
        ),
      ),
    ).rejects.toThrow(/2 weekly narrative/);

    llm.behaviour = 'ok';
    const asked = llm.requests.length;
    const ok = await run(() => runWeeklyNarratives(NOW, logger));
    // alice and carol already have the week; bob has no data; dave and erin get theirs.
    expect(ok).toEqual({ generated: 2, skipped: 3, failed: 0 });
    expect(llm.requests.length).toBe(asked + 2);
    for (const u of [dave, erin]) {
      const [n] = await narratives(u);
      expect(n).toMatchObject({
        period_start: WEEK,
        period_end: WEEK_END,
        narrative_text: llm.reply.content,
        model_used: 'local-model-2026-11',
        input_tokens: 812,
      });
    }
    expect(await narratives(carol)).toEqual([own]);
    expect(await narratives(bob)).toEqual([]);

    // Once: the next hourly runs find the week written and ask nothing.
    expect(await run(() => runWeeklyNarratives(NOW, logger))).toEqual({ generated: 0, skipped: 5, failed: 0 });
    expect(llm.requests.length).toBe(asked + 2);
  });

  test('with no model configured it returns at once: nothing generated, nothing fails', async () => {
    const configured = narrativeWriter();
    configureNarrativeWriter(undefined);
    try {
      const asked = llm.requests.length;
      const before = await narratives(bob);
      expect(await run(() => runWeeklyNarratives(new Date('2026-12-07T12:00:00Z'), logger))).toEqual({
        generated: 0,
        skipped: 0,
        failed: 0,
      });
      await run(() => weeklyNarrativesJob.handler({}, { jobId: 'j', attempt: 0, finalAttempt: true, logger, send: async () => true }));
      await expect(run(() => generateNarrative(alice.id, '2026-11-02', 'replace'))).rejects.toBeInstanceOf(Unavailable);
      expect(llm.requests.length).toBe(asked);
      expect(await narratives(bob)).toEqual(before);
    } finally {
      configureNarrativeWriter(configured);
    }
  });
});
