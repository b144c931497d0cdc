import { Forbidden } from './errors.ts';

/**
 * Who is calling a service. Every transport (REST, GraphQL, MCP, CLI, jobs) builds one.
 * `scope` is what the credential allows: session tokens and write PATs may write;
 * read PATs and OAuth tokens may only read.
 */
export type Scope = 'read' | 'write';
export type CredentialKind = 'session' | 'access_token' | 'oauth' | 'system';

export type Actor = {
  userId: string;
  scope: Scope;
  via: CredentialKind;
  /** session id, access token id or OAuth grant id: what to revoke. */
  credentialId: string | null;
};

export function systemActor(userId: string): Actor {
  return { userId, scope: 'write', via: 'system', credentialId: null };
}

/** The service-layer ownership and scope check: transports check too, this is the backstop. */
export function authorize(actor: Actor, userId: string, need: Scope): void {
  if (actor.userId !== userId) throw new Forbidden('This token may not access another user');
  if (need === 'write' && actor.scope !== 'write') throw new Forbidden('This token is read-only');
}
