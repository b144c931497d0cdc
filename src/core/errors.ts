/**
 * Domain errors: the only errors services throw. Each transport maps them through
 * ERROR_TABLE, so REST status codes and GraphQL extension codes never drift apart.
 * Anything that is not a DomainError is an internal error and its message is never shown.
 */
export type ValidationIssue = { loc: (string | number)[]; msg: string; type: string };

export abstract class DomainError extends Error {
  abstract readonly kind: keyof typeof ERROR_TABLE;
}

export class NotFound extends DomainError {
  readonly kind = 'NotFound' as const;
  constructor(what = 'Resource') {
    super(`${what} not found`);
  }
}

export class Forbidden extends DomainError {
  readonly kind = 'Forbidden' as const;
  /** insufficient_scope: the credential is valid but read-only (REST answers with an RFC 6750 challenge). */
  readonly reason: 'insufficient_scope' | undefined;
  constructor(message: string, reason?: 'insufficient_scope') {
    super(message);
    this.reason = reason;
  }
}

export class Conflict extends DomainError {
  readonly kind = 'Conflict' as const;
}

export class Unauthenticated extends DomainError {
  readonly kind = 'Unauthenticated' as const;
  constructor(message = 'Not authenticated') {
    super(message);
  }
}

/** A service this one depends on (a label provider) is down or too slow; nothing was written. */
export class Unavailable extends DomainError {
  readonly kind = 'Unavailable' as const;
}

export class RateLimited extends DomainError {
  readonly kind = 'RateLimited' as const;
  readonly retryAfterSeconds: number;
  constructor(retryAfterSeconds: number, message = 'Too many attempts, try again later') {
    super(message);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/**
 * A changes cursor older than the tombstones kept (CHANGES_RETENTION_DAYS): changes it would need
 * are gone, so the client must read everything again.
 */
export class ResyncRequired extends DomainError {
  readonly kind = 'ResyncRequired' as const;
}

/** Something that existed and is no more, for good (a share link expired, revoked or used up). */
export class Gone extends DomainError {
  readonly kind = 'Gone' as const;
}

/** A conditional write (If-Match, expectedVersion) found the resource at another version; nothing was written. */
export class VersionConflict extends DomainError {
  readonly kind = 'VersionConflict' as const;
  readonly currentVersion: number | null;
  constructor(currentVersion: number | null) {
    super(
      currentVersion === null
        ? 'The resource has no version to match'
        : `The resource has changed since you read it: it is at version ${currentVersion}; nothing was written`,
    );
    this.currentVersion = currentVersion;
  }
}

/** A body over its limit (an uploaded archive past IMPORT_MAX_BYTES); nothing was read into the account. */
export class TooLarge extends DomainError {
  readonly kind = 'TooLarge' as const;
}

/** A body of a media type the operation does not take (an import that is not a ZIP). */
export class UnsupportedMedia extends DomainError {
  readonly kind = 'UnsupportedMedia' as const;
}

/** Validation failure; `loc` of each issue is relative to the service input. */
export class Invalid extends DomainError {
  readonly kind = 'Invalid' as const;
  readonly issues: ValidationIssue[];
  constructor(issues: ValidationIssue[]) {
    super(issues.map((i) => `${i.loc.join('.') || 'input'}: ${i.msg}`).join('; '));
    this.issues = issues;
  }

  static at(loc: (string | number)[], msg: string, type = 'value_error'): Invalid {
    return new Invalid([{ loc, msg, type }]);
  }
}

export const ERROR_TABLE = {
  Invalid: { status: 422, code: 'BAD_USER_INPUT' },
  Unauthenticated: { status: 401, code: 'UNAUTHENTICATED' },
  Forbidden: { status: 403, code: 'FORBIDDEN' },
  NotFound: { status: 404, code: 'NOT_FOUND' },
  Conflict: { status: 409, code: 'CONFLICT' },
  ResyncRequired: { status: 410, code: 'RESYNC_REQUIRED' },
  Gone: { status: 410, code: 'GONE' },
  VersionConflict: { status: 412, code: 'CONFLICT' },
  TooLarge: { status: 413, code: 'PAYLOAD_TOO_LARGE' },
  UnsupportedMedia: { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' },
  RateLimited: { status: 429, code: 'RATE_LIMITED' },
  Unavailable: { status: 503, code: 'SERVICE_UNAVAILABLE' },
} as const;

export function describeError(err: unknown): { status: number; code: string; expose: boolean } {
  if (err instanceof DomainError) return { ...ERROR_TABLE[err.kind], expose: true };
  return { status: 500, code: 'INTERNAL_SERVER_ERROR', expose: false };
}
