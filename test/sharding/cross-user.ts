/**
 * The statements that touch user tables without naming one user (test/sharding/statements.test.ts),
 * each with why. The same list, by name, is docs/operations.md's (Sharding, "Statements across
 * users"), which says how each would run on a database distributed by user_id; the test fails when
 * a name is missing there.
 *
 * Each entry crosses users on purpose: background work over every user's due rows, or a lookup by a
 * credential before anyone is known. A statement whose user the code knows must name it instead;
 * MikroORM's unit of work does, as each user table's entity has (id, user_id) for its primary key.
 *
 * Patterns match the normalized statement (scope.ts: lower case, one space, identifier quotes out,
 * every string literal as '?'), from its start. The first entry that matches takes the statement.
 */
export type CrossUser = {
  name: string;
  /** Where the statement is sent from. */
  from: string;
  reason: string;
  pattern: RegExp;
};

/** An ORM alias (`e0`). */
const A = String.raw`[a-z]\d+`;
const re = (...alternatives: string[]) => new RegExp(alternatives.map((a) => `^(?:${a})`).join('|'));

export const CROSS_USER: CrossUser[] = [
  // Background work: each round looks for whatever is due, whoever it belongs to.
  {
    name: 'outbound-probe',
    from: 'src/outbound/publisher.ts outboundWork',
    reason: "the pump's one statement per idle round: is anything unpublished, a check, a reminder or a delivery due, for anyone",
    pattern: re(String.raw`select exists \(select 1 from outbox_events where seq is null\) as unpublished, `),
  },
  {
    name: 'publish-numbering',
    from: 'src/outbound/publisher.ts publishPending',
    reason: 'events get their global publication number (outbox_seq) in commit order, one publisher at a time',
    pattern: re(String.raw`with batch as \(select id, occurred_at from outbox_events where seq is null `),
  },
  {
    name: 'publish-fan-out',
    from: 'src/outbound/publisher.ts fanOut',
    reason: "a published batch holds many users' events; each is joined to its own user's webhooks (on user_id)",
    pattern: re(String.raw`with wanted as \( select w\.id as webhook_id, w\.host, e\.user_id, e\.id as event_id, `),
  },
  {
    name: 'subscription-tail',
    from: 'src/domain/outbox/outbox.service.ts publishedAfter, lastPublished (src/outbound/hub.ts)',
    reason: "each process tails every user's published events once and hands each to its user's GraphQL subscribers",
    pattern: re(
      String.raw`select id, user_id, type, occurred_at, payload, seq from outbox_events where seq > \$1 `,
      String.raw`select max\(seq\) as seq from outbox_events$`,
    ),
  },
  {
    name: 'deliveries-claim',
    from: 'src/domain/webhooks/deliveries.service.ts claimDue',
    reason: 'due webhook deliveries of every account, taken in turns per account and host under the in-flight limits',
    pattern: re(String.raw`with due_users as \( select distinct user_id from webhook_deliveries where status = '\?' `),
  },
  {
    name: 'due-checks-pick',
    from: 'src/domain/checks/checks.ts runDueChecks',
    reason: 'the earliest due goal/episode check of any user, skip locked, so workers share the queue',
    pattern: re(String.raw`with pick as \( select user_id, day from outbox_checks where due_at <= clock_timestamp\(\) `),
  },
  {
    name: 'reminders-pick',
    from: 'src/domain/reminders/scheduler.ts fireNext',
    reason: 'the earliest due reminder of any user, skip locked, so each due time goes out once across workers',
    pattern: re(String.raw`select id, user_id from reminders where enabled and \(next_due_at <= \$1 or snoozed_until <= \$1\) `),
  },
  {
    name: 'reminder-pushes-claim',
    from: 'src/domain/reminders/scheduler.ts claimPushes',
    reason: 'pending Web Push firings of any user, leased to this worker',
    pattern: re(
      String.raw`update reminder_firings set claimed_until = \$1::timestamptz \+ make_interval\(secs => \$2\) where id in \(select id from reminder_firings where status = '\?' `,
    ),
  },
  {
    name: 'defaults-provisioning',
    from: 'src/domain/metrics/definitions.service.ts provisionDefinitions, src/domain/event-sources/event-sources.service.ts provisionEventSources',
    reason:
      'at start-up every user gets what a new metric type or source kind needs ($1 null), once a read-only check finds some user missing one; at sign-up the same statement names the new user',
    pattern: re(
      String.raw`insert into (?:metric_definitions|event_sources) \(.*\) select gen_random_uuid\(\), u\.id, .* from users u cross join unnest\(.* where \$1::uuid is null or u\.id = \$1 `,
      String.raw`\s*select exists \(\s*select 1 from users u cross join unnest\(\$1::(?:int2|text)\[\]\) as [tk]\s+where not exists `,
    ),
  },
  {
    name: 'changes-retention',
    from: 'src/domain/changes/retention.ts pruneTombstones, pruneEmptyBatches (job changes.prune)',
    reason: "hourly sweep of every user's old deletions and empty batches from the changes feed",
    pattern: re(
      String.raw`with gone as \( delete from changes where op = '\?' and changed_at < \$1 `,
      String.raw`with gone as \( delete from changes c where c\.type = \$1 and c\.op = '\?' and not exists `,
    ),
  },
  {
    name: 'outbox-retention',
    from: 'src/domain/outbox/outbox.service.ts pruneOutbox (job outbox.prune)',
    reason: "hourly sweep of every user's old events, finished deliveries and once-keys",
    pattern: re(
      String.raw`delete from webhook_deliveries where created_at < \$1 and status <> '\?' `,
      String.raw`delete from outbox_events e where occurred_at < \$1 and seq is not null `,
      String.raw`delete from outbox_once where created_at < \$1$`,
    ),
  },
  {
    name: 'suggestions-expiry',
    from: 'src/domain/suggestions/suggestions.service.ts expireSuggestions (job suggestions.expire)',
    reason: "every 5 minutes, every user's pending suggestions past expires_at",
    pattern: re(String.raw`update suggestions set status = '\?', updated_at = '\?' where status = '\?' and expires_at <= '\?'$`),
  },
  {
    name: 'captures-sweep',
    from: 'src/domain/captures/processing.ts strandedCaptures (job captures.sweep)',
    reason: 'every minute, captures of any user a crash left queued or processing',
    pattern: re(
      String.raw`select ${A}\.id, ${A}\.user_id, ${A}\.status, ${A}\.attempts, ${A}\.updated_at from log_captures as ${A} where ${A}\.status in `,
    ),
  },
  {
    name: 'imports-sweep',
    from: 'src/imports/imports.service.ts queuedImports (job imports.sweep), src/imports/run.ts recoverImports (worker start)',
    reason: 'imports of any user whose job was lost, or that a restart interrupted',
    pattern: re(
      String.raw`select id, user_id, attempts from imports where status = '\?' and updated_at < \$1$`,
      String.raw`select id, user_id, status, attempts, file_path from imports where status in \('\?', '\?'\)$`,
    ),
  },
  {
    name: 'missing-by-automations',
    from: 'src/domain/metrics/automations.engine.ts runMissingByAutomations (job metrics.missing-by)',
    reason: "every 15 minutes, every user's missing_by automations whose local deadline has passed",
    pattern: re(String.raw`select a\.id::text as id, a\.user_id::text as user_id, a\.definition_id::text as definition_id, `),
  },
  {
    name: 'calendar-sync-sources',
    from: 'src/domain/calendar/sync.ts sourcesToSync (job calendar.sync)',
    reason: "every 15 minutes, every user's enabled calendar feeds, queued one job each",
    pattern: re(String.raw`select user_id, id from event_sources where kind = '\?' and enabled `),
  },
  {
    name: 'weekly-narratives',
    from: 'src/domain/narratives/generate.ts runWeeklyNarratives (job narratives.weekly, only with a model configured)',
    reason: "hourly, every user's timezone, to find whose week has just ended",
    pattern: re(String.raw`select id, timezone from users order by id$`),
  },
  // Jobs queued before their data carried the user: claimed by the id alone, once.
  {
    name: 'capture-by-id',
    from: 'src/domain/captures/processing.ts processCapture (the parse job)',
    reason:
      'a parse job queued before its data carried user_id (only capture_id) claims its capture by the id; the claim returns the user, and every later statement names it',
    pattern: re(
      String.raw`update log_captures set status = '\?', attempts = attempts \+ 1, updated_at = \$1 where id = \$2 and status in `,
    ),
  },
  {
    name: 'import-by-id',
    from: 'src/imports/run.ts runImport (the run job)',
    reason:
      'a run job queued before its data carried user_id (only import_id) claims its import by the id; the claim returns the user, and every later statement names it',
    pattern: re(String.raw`update imports set status = '\?', attempts = attempts \+ 1, .* where id = \$1 and status = '\?' returning `),
  },
  // Lookups by a credential: the caller is not known until the row is found.
  {
    name: 'sign-in-by-email',
    from: "src/domain/users/users.service.ts findUserByEmail (src/auth/login.service.ts sign-in; the CLIs' --user by email)",
    reason: 'an email address names the account before anyone is signed in; users is distributed by id',
    pattern: re(String.raw`select ${A}\.\* from users as ${A} where ${A}\.email_key = '\?' limit 1$`),
  },
  {
    name: 'access-token-lookup',
    from: 'src/auth/access-tokens.service.ts actorFromAccessToken',
    reason: 'a personal access token (ptk_…) is found by its hash; it does not say whose it is',
    pattern: re(String.raw`select ${A}\.\* from access_tokens as ${A} where ${A}\.token_hash = '\?' limit 1$`),
  },
  {
    name: 'oauth-credential-lookups',
    from: 'src/auth/oauth/tokens.service.ts fromCode, revokeWhatCodeIssued, fromRefreshToken, revokeToken',
    reason: 'authorization codes and refresh tokens are opaque: found, claimed or revoked by their hash',
    pattern: re(
      String.raw`update oauth_codes set used_at = now\(\) where code_hash = \$1 `,
      String.raw`insert into oauth_grants \(.*\) select .* from oauth_codes where code_hash = \$1 `,
      String.raw`select grant_id, user_id, used_at is not null as used, expires_at <= now\(\) as expired from oauth_refresh_tokens where token_hash = \$1$`,
      String.raw`update oauth_refresh_tokens set used_at = now\(\) where token_hash = \$1 `,
      String.raw`select r\.grant_id, r\.user_id from oauth_refresh_tokens r join oauth_grants g on g\.id = r\.grant_id where r\.token_hash = \$1 `,
    ),
  },
  {
    name: 'oauth-sweeps',
    from: 'src/auth/oauth/tokens.service.ts sweepExpired (on each issuance)',
    reason: "up to 100 of anyone's expired codes and refresh tokens per token issued",
    pattern: re(String.raw`delete from oauth_(?:codes where code_hash|refresh_tokens where token_hash) in \( select `),
  },
  {
    name: 'share-link',
    from: 'src/domain/shares/opening.ts openShare (/s/{token})',
    reason: "a share link's token is found by its hash; the visitor has no account",
    pattern: re(String.raw`select ${A}\.\* from shares as ${A} where ${A}\.token_hash = '\?' limit 1$`),
  },
  {
    name: 'reminder-link',
    from: "src/domain/reminders/firings.ts firingById (/r/{token} Done and Snooze links; the scheduler's push of a claimed firing)",
    reason:
      "a Done or Snooze link is the firing's id signed with the server's key, no account; a claimed push firing is read by the id the claim returned",
    pattern: re(String.raw`select id, user_id, reminder_id, due_at, .* from reminder_firings where id = \$1$`),
  },
];
