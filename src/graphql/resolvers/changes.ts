import { listChanges } from '../../domain/changes/changes.service.ts';
import { readChanged } from '../../representation/resources.ts';
import { serviceArgs } from '../args.ts';
import type { Resolvers } from '../__generated__/types.ts';

/** The changes feed; `data` is the resource's REST read (the same JSON as the REST feed's, by the spec). */
export const changeResolvers: Resolvers = {
  User: {
    changes: (_user, args, { actor }) => listChanges(actor, serviceArgs(args), readChanged),
  },
  Change: {
    data: (change) => change.resource as Record<string, unknown> | null,
  },
};
