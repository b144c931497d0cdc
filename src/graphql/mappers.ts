import type { ChangesPage } from '../domain/changes/changes.service.ts';

/** The parent value of a `User`: its id; every field loads through the services as that user. */
export type UserParent = { id: string };

/** A page of the changes feed; each change's resource is already its REST read (Change.data). */
export type ChangesPageParent = ChangesPage<unknown>;
export type ChangeParent = ChangesPageParent['changes'][number];
