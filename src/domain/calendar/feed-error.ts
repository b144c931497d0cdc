/**
 * A feed that is not a calendar, or that the parser refuses; nothing of it is written. A module of
 * its own so the sync (loaded at start) names it without loading the parser and its time zone
 * tables, which run in the feed worker (feed-reader.ts).
 */
export class FeedError extends Error {}
