import { Migration20261122000000_foundation } from './Migration20261122000000_foundation.ts';
import { Migration20261122010000_metrics } from './Migration20261122010000_metrics.ts';
import { Migration20261122020000_captures } from './Migration20261122020000_captures.ts';
import { Migration20261122030000_encryption_key } from './Migration20261122030000_encryption_key.ts';
import { Migration20261123000000_auth_hardening } from './Migration20261123000000_auth_hardening.ts';
import { Migration20261123010000_request_fingerprints } from './Migration20261123010000_request_fingerprints.ts';
import { Migration20261123020000_food } from './Migration20261123020000_food.ts';
import { Migration20261123030000_places } from './Migration20261123030000_places.ts';
import { Migration20261123040000_routines } from './Migration20261123040000_routines.ts';
import { Migration20261123050000_calendar } from './Migration20261123050000_calendar.ts';
import { Migration20261123060000_narratives } from './Migration20261123060000_narratives.ts';
import { Migration20261123070000_oauth } from './Migration20261123070000_oauth.ts';
import { Migration20261124000000_calendar_skipped } from './Migration20261124000000_calendar_skipped.ts';
import { Migration20261124010000_food_derived } from './Migration20261124010000_food_derived.ts';
import { Migration20261125000000_replaced_encryption_keys } from './Migration20261125000000_replaced_encryption_keys.ts';
import { Migration20261125010000_email_key } from './Migration20261125010000_email_key.ts';
import { Migration20261125020000_place_aliases } from './Migration20261125020000_place_aliases.ts';
import { Migration20261125030000_user_language } from './Migration20261125030000_user_language.ts';
import { Migration20261127000000_changes } from './Migration20261127000000_changes.ts';
import { Migration20261128010000_period_goals } from './Migration20261128010000_period_goals.ts';
import { Migration20261128020000_experiments } from './Migration20261128020000_experiments.ts';
import { Migration20261128000000_outbox } from './Migration20261128000000_outbox.ts';
import { Migration20261127010000_erasures } from './Migration20261127010000_erasures.ts';
import { Migration20261128030000_storage } from './Migration20261128030000_storage.ts';
import { Migration20261129000000_readings_layout } from './Migration20261129000000_readings_layout.ts';
import { Migration20261130000000_changes_at_commit } from './Migration20261130000000_changes_at_commit.ts';
import { Migration20261201000000_readings_list_index } from './Migration20261201000000_readings_list_index.ts';
import { Migration20261201010000_readings_created_at } from './Migration20261201010000_readings_created_at.ts';
import { Migration20261202000000_reading_sources } from './Migration20261202000000_reading_sources.ts';
import { Migration20261206000000_imports } from './Migration20261206000000_imports.ts';
import { Migration20261206010000_location_sample_changes } from './Migration20261206010000_location_sample_changes.ts';
import { Migration20261206020000_webhook_limits } from './Migration20261206020000_webhook_limits.ts';
import { Migration20261207000000_batched_changes } from './Migration20261207000000_batched_changes.ts';
import { Migration20261207010000_samples_owner_lock } from './Migration20261207010000_samples_owner_lock.ts';
import { Migration20261207020000_shares } from './Migration20261207020000_shares.ts';
import { Migration20261208000000_web_push } from './Migration20261208000000_web_push.ts';
import { Migration20261208010000_reminders } from './Migration20261208010000_reminders.ts';
import { Migration20261208020000_replica_positions } from './Migration20261208020000_replica_positions.ts';
import { Migration20261208030000_deliveries_by_user } from './Migration20261208030000_deliveries_by_user.ts';

/** Every migration in order. Listed explicitly so no file globbing is needed at run time. */
export const migrations = [
  Migration20261122000000_foundation,
  Migration20261122010000_metrics,
  Migration20261122020000_captures,
  Migration20261122030000_encryption_key,
  Migration20261123000000_auth_hardening,
  Migration20261123010000_request_fingerprints,
  Migration20261123020000_food,
  Migration20261123030000_places,
  Migration20261123040000_routines,
  Migration20261123050000_calendar,
  Migration20261123060000_narratives,
  Migration20261123070000_oauth,
  Migration20261124000000_calendar_skipped,
  Migration20261124010000_food_derived,
  Migration20261125000000_replaced_encryption_keys,
  Migration20261125010000_email_key,
  Migration20261125020000_place_aliases,
  Migration20261125030000_user_language,
  Migration20261127000000_changes,
  Migration20261127010000_erasures,
  Migration20261128000000_outbox,
  Migration20261128010000_period_goals,
  Migration20261128020000_experiments,
  Migration20261128030000_storage,
  Migration20261129000000_readings_layout,
  Migration20261130000000_changes_at_commit,
  Migration20261201000000_readings_list_index,
  Migration20261201010000_readings_created_at,
  Migration20261202000000_reading_sources,
  Migration20261206000000_imports,
  Migration20261206010000_location_sample_changes,
  Migration20261206020000_webhook_limits,
  Migration20261207000000_batched_changes,
  Migration20261207010000_samples_owner_lock,
  Migration20261207020000_shares,
  Migration20261208000000_web_push,
  Migration20261208010000_reminders,
  Migration20261208020000_replica_positions,
  Migration20261208030000_deliveries_by_user,
];
