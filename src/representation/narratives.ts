import { z } from 'zod';
import type { NarrativeDigest } from '../domain/narratives/digest.ts';
import { PERIOD_TYPES, type Narrative } from '../domain/narratives/narrative.entity.ts';

export const NarrativeRead = z
  .object({
    id: z.uuid(),
    created_at: z.iso.datetime(),
    updated_at: z.iso.datetime(),
    narrative_text: z.string(),
    period_start: z.iso.date(),
    period_end: z.iso.date(),
    period_type: z.enum(PERIOD_TYPES),
    provider: z
      .string()
      .nullable()
      .meta({ description: 'Who wrote it (the model endpoint host, or what the poster said); null when unknown' }),
    model_used: z.string().nullable().meta({ description: 'The model that wrote it; null when unknown' }),
    input_tokens: z.number().int().nullable().meta({ description: 'Prompt tokens the model read; null when unknown' }),
    output_tokens: z.number().int().nullable().meta({ description: 'Tokens the model wrote; null when unknown' }),
  })
  .meta({ id: 'NarrativeRead' });
export type NarrativeRead = z.infer<typeof NarrativeRead>;

export function presentNarrative(n: Narrative): NarrativeRead {
  return {
    id: n.id,
    created_at: n.createdAt.toISOString(),
    updated_at: n.updatedAt.toISOString(),
    narrative_text: n.narrativeText,
    period_start: n.periodStart,
    period_end: n.periodEnd,
    period_type: n.periodType,
    provider: n.provider ?? null,
    model_used: n.modelUsed ?? null,
    input_tokens: n.inputTokens ?? null,
    output_tokens: n.outputTokens ?? null,
  };
}

export const NarrativeDigestRead = z
  .object({
    period_start: z.iso.date(),
    period_end: z.iso.date(),
    period_type: z.enum(PERIOD_TYPES),
    has_data: z.boolean().meta({ description: 'Whether the week holds any metric value or event' }),
    digest: z.string().meta({ description: "The week's facts as compact plain text, the numbers the API gives for those days" }),
  })
  .meta({ id: 'NarrativeDigest' });
export type NarrativeDigestRead = z.infer<typeof NarrativeDigestRead>;

export function presentNarrativeDigest(d: NarrativeDigest): NarrativeDigestRead {
  return { period_start: d.periodStart, period_end: d.periodEnd, period_type: d.periodType, has_data: d.hasData, digest: d.text };
}
