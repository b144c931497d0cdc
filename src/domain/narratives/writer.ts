import type { Response } from 'undici';
import { egressClient, egressRefusal, type EgressClient } from '../../core/egress.ts';
import { Unavailable } from '../../core/errors.ts';
import type { Config } from '../../config.ts';
import { MAX_TEXT } from './narratives.schemas.ts';

/**
 * The weekly narrative's writer: an OpenAI-compatible chat-completions endpoint and model, set
 * once at start-up from NARRATIVE_LLM_URL / NARRATIVE_LLM_MODEL (and the key and timeout). Unset,
 * nothing is generated: the job returns at once and the CLI says so.
 */
export type NarrativeLlm = NonNullable<Config['narrativeLlm']>;
let llm: NarrativeLlm | undefined;
/** Which addresses the requests (and redirects) may connect to: NARRATIVE_LLM_NETWORKS (src/core/egress.ts). */
let client: EgressClient | undefined;

export function configureNarrativeWriter(settings: NarrativeLlm | undefined): void {
  llm = settings;
  client = settings
    ? egressClient(settings.networks, { subject: "The narrative model's address", setting: 'NARRATIVE_LLM_NETWORKS' })
    : undefined;
}

export function narrativeWriter(): NarrativeLlm | undefined {
  return llm;
}

export const SYSTEM_PROMPT = [
  "You write a short weekly narrative for the user of a personal tracking app, from the week's digest below.",
  'Write in the second person, warm and plain, 120 to 220 words, in two or three short paragraphs.',
  'Use only facts and numbers from the digest; do not invent data, diagnoses or causes, and do not give medical advice.',
  'Correlations are links, not causes. Mention a goal or an unusual value only when the digest lists it. No headings, no lists.',
].join(' ');

export type WrittenNarrative = {
  text: string;
  provider: string;
  modelUsed: string;
  inputTokens: number | null;
  outputTokens: number | null;
};

const tokens = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : null);

/**
 * Asks the model for the week's prose. Any bad answer (HTTP error, not JSON, no text, too slow)
 * is Unavailable, and nothing is stored by the caller.
 */
export async function writeNarrative(digest: string): Promise<WrittenNarrative> {
  const settings = llm;
  const http = client;
  if (!settings || !http) throw new Unavailable('No narrative model is configured (NARRATIVE_LLM_URL and NARRATIVE_LLM_MODEL)');
  const provider = new URL(settings.url).host;
  let res: Response;
  try {
    res = await http.fetch(settings.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        ...(settings.apiKey ? { authorization: `Bearer ${settings.apiKey}` } : {}),
      },
      body: JSON.stringify({
        model: settings.model,
        messages: [
          { role: 'system', content: SYSTEM_PROMPT },
          { role: 'user', content: digest },
        ],
        temperature: 0.2,
      }),
      signal: AbortSignal.timeout(settings.timeoutMs),
    });
  } catch (err) {
    const refused = egressRefusal(err);
    if (refused) throw new Unavailable(refused.message);
    const timedOut = (err as Error).name === 'TimeoutError';
    throw new Unavailable(
      timedOut
        ? `The narrative model at ${provider} did not answer within ${settings.timeoutMs} ms`
        : `The narrative model at ${provider} is unreachable`,
    );
  }
  let body: unknown;
  try {
    const raw = await res.text();
    if (!res.ok) throw new Unavailable(`The narrative model at ${provider} answered HTTP ${res.status}`);
    body = JSON.parse(raw);
  } catch (err) {
    if (err instanceof Unavailable) throw err;
    const timedOut = (err as Error).name === 'TimeoutError';
    throw new Unavailable(
      timedOut
        ? `The narrative model at ${provider} did not answer within ${settings.timeoutMs} ms`
        : `The narrative model at ${provider} did not answer JSON`,
    );
  }
  const answer = (body ?? {}) as { model?: unknown; choices?: { message?: { content?: unknown } }[]; usage?: Record<string, unknown> };
  const content = Array.isArray(answer.choices) ? answer.choices[0]?.message?.content : undefined;
  const text = typeof content === 'string' ? content.trim() : '';
  if (!text) throw new Unavailable(`The narrative model at ${provider} answered without any text`);
  if (text.length > MAX_TEXT) throw new Unavailable(`The narrative model at ${provider} answered more than ${MAX_TEXT} characters`);
  return {
    text,
    provider,
    modelUsed: typeof answer.model === 'string' && answer.model.trim() ? answer.model.trim().slice(0, 200) : settings.model,
    inputTokens: tokens(answer.usage?.prompt_tokens),
    outputTokens: tokens(answer.usage?.completion_tokens),
  };
}
