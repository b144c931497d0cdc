import { createShare, getShare, listShares, revokeShare, statusOf } from '../../domain/shares/shares.service.ts';
import { shareUrl } from '../../representation/shares.ts';
import { serviceInput, withInput } from '../args.ts';
import { versionField } from '../versions.ts';
import type { Resolvers } from '../__generated__/types.ts';

export const shareResolvers: Resolvers = {
  User: {
    shares: (_user, _args, { actor }) => listShares(actor),
    share: (_user, { id }, { actor }) => getShare(actor, id),
  },
  Share: {
    version: versionField('share', (s) => s.id),
    from: (s) => s.rangeFrom ?? null,
    to: (s) => s.rangeTo ?? null,
    hasPassword: (s) => s.passwordHash != null,
    status: (s) => statusOf(s),
  },
  ShareScope: {
    includeCaptures: (s) => s.include_captures,
    includeNotes: (s) => s.include_notes,
    includeLocations: (s) => s.include_locations,
    includeExperiments: (s) => s.include_experiments,
    includeCorrelations: (s) => s.include_correlations,
  },
  ShareCreated: { url: (c) => shareUrl(c.token) },
  Mutation: {
    // The scope is an object of its own: its fields go to the service in its shape too (includeNotes → include_notes).
    createShare: (_root, { input }, { actor }) =>
      withInput('input', () => createShare(actor, serviceInput({ ...input, scope: serviceInput(input.scope) }))),
    revokeShare: (_root, { id }, { actor }) => revokeShare(actor, id),
  },
};
