import { Migration20261122000000_foundation } from './Migration20261122000000_foundation.ts';

/** Every migration in order. Listed explicitly so no file globbing is needed at run time. */
export const migrations = [Migration20261122000000_foundation];
