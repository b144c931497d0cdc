/**
 * What must never be in a log line: bearer tokens (session and OAuth JWTs, personal access tokens),
 * passwords (the test users' among them), one-time codes, PKCE verifiers, refresh tokens, TOTP
 * secrets, webhook signing secrets and signatures, share link tokens, wrapped key material and encrypted payloads. A
 * redacted value is fine.
 */
const PATTERNS: [string, RegExp][] = [
  ['a JWT', /eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/],
  ['a personal access token', /ptk_[A-Za-z0-9_]{16,}/],
  ['a test password', /correct horse|hunter2hunter2/i],
  ['a webhook signing secret', /whsec_[A-Za-z0-9+/]{16,}/],
  ['a webhook signature', /v1,[A-Za-z0-9+/]{40,}={0,2}/],
  ['a share link token', /\/s\/[A-Za-z0-9_-]{32}/],
  ['a TOTP secret', /otpauth:\/\/|secret=[A-Z2-7]{16,}/],
  [
    'a secret field',
    /"(password|new_password|current_password|api_token|pending_token|access_token|refresh_token|code_verifier|totp_code|code|secret|wrapped_dek|kdf_salt|verifier|encrypted_payload)":(?!"\[redacted\]")"[^"]/,
  ],
];

/** The offending lines, each named by what it holds and shortened so the report does not spread it. */
export function findSecrets(lines: string[]): string[] {
  const found: string[] = [];
  for (const line of lines) {
    for (const [what, pattern] of PATTERNS) {
      const m = pattern.exec(line);
      if (m) found.push(`${what} at ...${line.slice(Math.max(0, m.index - 60), m.index)}[...]`);
    }
  }
  return found;
}
