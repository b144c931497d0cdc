import { SCOPE } from './oauth.schemas.ts';

/**
 * Which authorization server this is and what it can grant. The caller says (`Realm`: issuer and
 * resources), since without PUBLIC_URL that comes from the request. Every token is read-only.
 */
export type Realm = { issuer: string; resources: { api: string; mcp: string } };

/** The resources a token may be for (RFC 8707): the API and the MCP endpoint. */
export const knownResources = (realm: Realm) => [realm.resources.api, realm.resources.mcp];

/** Only "read", however many times it is named; empty means read too. */
export function scopeIsRead(scope: string): boolean {
  return scope
    .split(' ')
    .filter(Boolean)
    .every((s) => s === SCOPE);
}
