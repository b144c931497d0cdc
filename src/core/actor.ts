import { Forbidden } from './errors.ts';
import { spendWrite } from './write-budget.ts';

/**
 * Who is calling a service. Every transport (REST, GraphQL, MCP, CLI, jobs) builds one.
 * `scope` is what the credential allows: session tokens and write PATs may write;
 * read PATs and OAuth tokens may only read; a share link's visitor reads what the share's scope shows.
 */
type Scope = 'read' | 'write';
type CredentialKind = 'session' | 'access_token' | 'oauth' | 'system' | 'share';

export type Actor = {
  userId: string;
  scope: Scope;
  via: CredentialKind;
  /** session id, access token id, OAuth grant id or share id: what to revoke. */
  credentialId: string | null;
};

/**
 * What a use case needs from its caller:
 * - read: any credential of the user (read-only PATs and OAuth tokens too);
 * - write: a credential with write scope;
 * - account: an interactive session (or the system), because managing credentials is not
 *   for API tokens: a leaked token must not mint more tokens or lock the owner out.
 */
export type Access = Scope | 'account';

export function systemActor(userId: string): Actor {
  return { userId, scope: 'write', via: 'system', credentialId: null };
}

/**
 * The access check every service use case makes on its actor before anything else. Transports
 * only match the path's user with the token's; this is where scope and credential kind are
 * enforced, so REST, GraphQL and MCP get the same answer from the same service. `spend: false`
 * is for use cases that only read or only end access (sign-out, revoking a token or a grant).
 */
export function authorize(actor: Actor, userId: string, need: Access, opts: { spend?: boolean } = {}): void {
  if (actor.userId !== userId) throw new Forbidden('This token may not access another user');
  if (need === 'read') return;
  if (actor.scope !== 'write') throw new Forbidden('This token is read-only', 'insufficient_scope');
  if (need === 'account' && actor.via !== 'session' && actor.via !== 'system') {
    throw new Forbidden('Sign in with email and password to manage account credentials');
  }
  // Jobs and CLIs act as the system: the budget is for what clients send. Ending a session or a
  // credential never spends it (spend: false): with a stolen session an attacker could spend the
  // budget, and the owner must still be able to sign the thief out.
  if (actor.via !== 'system' && opts.spend !== false) spendWrite(actor);
}
