import type { z } from 'zod';
import { newId } from '../../core/ids.ts';
import { uuid } from '../../core/validation.ts';
import { em } from '../../db/context.ts';
import type { ClientInfo } from '../login.service.ts';
import { countAttempt, limits } from '../throttle.ts';
import { OAuthError, firstIssue } from './oauth.errors.ts';
import { OAuthClient } from './oauth.entities.ts';
import { ClientRegistration } from './oauth.schemas.ts';
import { scopeIsRead } from './realm.ts';

/**
 * OAuth clients: dynamic registration of public clients (RFC 7591), the rules their redirect URIs
 * follow, and finding a client by its id for the other endpoints.
 */

const isUuid = (v: string) => uuid().safeParse(v).success;

export async function loadClient(clientId: string): Promise<OAuthClient | null> {
  return isUuid(clientId) ? em().findOne(OAuthClient, { id: clientId }) : null;
}

const isLoopback = (host: string) => host === 'localhost' || host === '[::1]' || /^127(\.\d{1,3}){3}$/.test(host);

/** Why a redirect URI is refused, or null: https anywhere, http only back to this machine. */
function redirectUriProblem(raw: string): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'must be an absolute URL';
  }
  if (raw.includes('#')) return 'must not contain a fragment';
  if (url.username || url.password) return 'must not contain credentials';
  if (url.protocol === 'https:') return null;
  if (url.protocol === 'http:' && isLoopback(url.hostname)) return null;
  return 'must use https, or http on a loopback address (127.0.0.1, [::1] or localhost)';
}

export async function registerClient(input: z.input<typeof ClientRegistration>, client: ClientInfo): Promise<OAuthClient> {
  await countAttempt([limits.oauthRegistration, client.ip]);
  const parsed = ClientRegistration.safeParse(input);
  if (!parsed.success) {
    const onUris = parsed.error.issues.some((i) => i.path[0] === 'redirect_uris');
    throw new OAuthError(onUris ? 'invalid_redirect_uri' : 'invalid_client_metadata', firstIssue(parsed.error));
  }
  const data = parsed.data;
  for (const [i, uri] of data.redirect_uris.entries()) {
    const problem = redirectUriProblem(uri);
    if (problem) throw new OAuthError('invalid_redirect_uri', `redirect_uris.${i}: ${problem}`);
  }
  if (data.scope !== undefined && !scopeIsRead(data.scope)) {
    throw new OAuthError('invalid_client_metadata', 'scope: the only scope is "read"');
  }
  if (data.grant_types && !data.grant_types.includes('authorization_code')) {
    throw new OAuthError('invalid_client_metadata', 'grant_types: must include authorization_code');
  }
  const row = em().create(OAuthClient, {
    id: newId(),
    clientName: data.client_name ?? 'Unnamed application',
    redirectUris: [...new Set(data.redirect_uris)],
    createdAt: new Date(),
  });
  await em().flush();
  return row;
}
