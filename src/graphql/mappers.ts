import type { SuggestionRead } from '../domain/suggestions/suggestions.schemas.ts';

/** The parent value of a `User`: its id; every field loads through the services as that user. */
export type UserParent = { id: string };

/** The inbox page as the service returns it. */
export type SuggestionPageParent = { pending_count: number; suggestions: SuggestionRead[] };
