import type { z } from 'zod';

/**
 * An OAuth protocol error (RFC 6749 §5.2, RFC 7591 §3.2.2, RFC 8707): its own contract, answered
 * as `{error, error_description}` by the OAuth endpoints, not as the API's `{detail}`. Services of
 * this folder throw it; the domain errors they also throw (RateLimited) keep their meaning.
 */
export type OAuthErrorCode =
  | 'invalid_request'
  | 'invalid_client'
  | 'invalid_grant'
  | 'unauthorized_client'
  | 'unsupported_grant_type'
  | 'unsupported_response_type'
  | 'invalid_scope'
  | 'invalid_target'
  | 'access_denied'
  | 'server_error'
  | 'invalid_redirect_uri'
  | 'invalid_client_metadata'
  | 'unsupported_token_type';

export class OAuthError extends Error {
  readonly error: OAuthErrorCode;
  readonly status: number;
  constructor(error: OAuthErrorCode, description: string, status = 400) {
    super(description);
    this.error = error;
    this.status = status;
  }

  body(): { error: OAuthErrorCode; error_description: string } {
    return { error: this.error, error_description: this.message };
  }
}

/**
 * An authorization request problem. Until the client and its redirect URI are known to be right
 * it is shown on the page (never sent to an unverified address); after that it goes back to the
 * client as `error=` with the `state`.
 */
export class AuthorizeError extends OAuthError {
  readonly redirect: { uri: string; state: string } | null;
  constructor(error: OAuthErrorCode, description: string, redirect: { uri: string; state: string } | null) {
    super(error, description);
    this.redirect = redirect;
  }
}

/** A request that failed its schema, in words: the first issue and where it is. */
export function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  return `${issue.path.join('.') || 'request'}: ${issue.message}`;
}
