import { z } from 'zod';
import { CHANGE_TYPES, type ChangeType } from './change-types.ts';

const known = new Set<string>(CHANGE_TYPES);

export const ChangesQuery = z
  .object({
    since: z.string().max(200).optional(),
    limit: z.coerce.number().int().min(1).max(1000).default(500),
    // A comma list in a query string, or a list from GraphQL.
    types: z
      .union([z.string(), z.array(z.string())])
      .optional()
      .transform((v) => (v === undefined ? undefined : (Array.isArray(v) ? v : v.split(',')).map((t) => t.trim()).filter(Boolean)))
      .superRefine((types, ctx) => {
        const unknown = types?.find((t) => !known.has(t));
        if (unknown !== undefined) {
          ctx.addIssue({ code: 'custom', message: `Unknown type "${unknown}"; one of ${CHANGE_TYPES.join(', ')}` });
        }
      })
      .transform((v) => v as ChangeType[] | undefined),
  })
  .strict();
