import { z } from 'zod';
import { Pagination } from '../../core/validation.ts';
import { RESOLUTION_OPERATORS } from './metric.entity.ts';

const CONDITION_TYPES = ['prefer_if_present'] as const;

const SourceName = z.string().trim().min(1, 'Source must not be empty').max(100);

/** Only the condition types the resolver understands are accepted, so a typo is a 422, not a no-op. */
const Condition = z.object({ type: z.enum(CONDITION_TYPES) });

const SourceSpec = z.object({ source: SourceName, condition: Condition.nullable().optional() }).meta({ id: 'SourceSpec' });

const Sources = z
  .array(SourceSpec)
  .max(50)
  .superRefine((sources, ctx) => {
    const seen = new Set<string>();
    sources.forEach((s, i) => {
      if (seen.has(s.source))
        ctx.addIssue({ code: 'custom', path: [i, 'source'], message: `Source "${s.source}" is listed twice`, input: s.source });
      seen.add(s.source);
    });
  });

/** PATCH: omitted fields stay; `sources` replaces the whole ranked list (null or [] clears it). */
export const DefinitionUpdate = z
  .object({
    display_name: z.string().trim().min(1).max(100).nullable(),
    enabled: z.boolean(),
    manual_fallback: z.boolean(),
    resolution_operator: z.enum(RESOLUTION_OPERATORS),
    sources: Sources.nullable(),
  })
  .partial()
  .meta({ id: 'DefinitionUpdate' });

export const DefinitionListQuery = z.object({ ...Pagination }).meta({ id: 'DefinitionListQuery' });
