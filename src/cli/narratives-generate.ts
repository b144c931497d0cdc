import { loadConfig } from '../config.ts';
import { systemActor } from '../core/actor.ts';
import { Unavailable } from '../core/errors.ts';
import { parse } from '../core/validation.ts';
import { buildDigest } from '../domain/narratives/digest.ts';
import { generateNarrative } from '../domain/narratives/generate.ts';
import { WeekInput } from '../domain/narratives/narratives.schemas.ts';
import { configureNarrativeWriter, narrativeWriter } from '../domain/narratives/writer.ts';
import { cliOptions } from './args.ts';
import { resolveUser } from './resolve-user.ts';
import { runCli } from './run.ts';

const usage = 'npm run narratives:generate -- --user <id|email> --week <a Monday, YYYY-MM-DD> [--digest]';
const { values } = cliOptions({ user: { type: 'string' }, week: { type: 'string' }, digest: { type: 'boolean' } }, usage);

/**
 * Writes one week's narrative now with the configured model (NARRATIVE_LLM_URL, NARRATIVE_LLM_MODEL)
 * and stores it, replacing the week's narrative if it has one. `--digest` also prints the facts the
 * model is given. Without a model nothing is generated and it exits 1 saying so.
 */
await runCli(async () => {
  configureNarrativeWriter(loadConfig().narrativeLlm);
  const user = await resolveUser(values.user);
  const { week } = parse(WeekInput, { week: values.week });
  if (values.digest) {
    console.log((await buildDigest(systemActor(user.id), week)).text);
    console.log('');
  }
  if (!narrativeWriter()) {
    throw new Unavailable('No narrative model is configured: set NARRATIVE_LLM_URL and NARRATIVE_LLM_MODEL. Nothing was generated.');
  }
  const { narrative, created } = (await generateNarrative(user.id, week, 'replace'))!;
  const tokens = `${narrative.inputTokens ?? '?'} in, ${narrative.outputTokens ?? '?'} out`;
  console.log(`${created ? 'Stored' : 'Replaced'} the narrative of ${narrative.periodStart} to ${narrative.periodEnd} for ${user.email}`);
  console.log(`id: ${narrative.id}; model ${narrative.modelUsed} at ${narrative.provider} (tokens: ${tokens})`);
  console.log('');
  console.log(narrative.narrativeText);
});
