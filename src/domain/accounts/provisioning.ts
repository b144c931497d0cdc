import { provisionEventSources } from '../event-sources/event-sources.service.ts';
import { provisionDefinitions } from '../metrics/definitions.service.ts';

/**
 * The rows every user starts with (a definition per metric type, a default source per kind).
 * Written with the user, and at start-up for anyone missing some, so a GET never writes.
 * `userId` null provisions every user.
 */
export async function provisionUserDefaults(userId: string | null): Promise<void> {
  await provisionDefinitions(userId);
  await provisionEventSources(userId);
}
