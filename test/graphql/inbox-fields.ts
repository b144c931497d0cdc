/**
 * The GraphQL selections of suggestions and log captures, and a REST answer in GraphQL's shape:
 * every field of the REST resource that GraphQL has as a value, so a test compares them all.
 */
type Rest = Record<string, any>;

export const SUGGESTION_FIELDS = `id kind source status title summary confidence createdAt decidedAt expiresAt
  occurredAt windowStart windowEnd payload provenance`;

export const CAPTURE_FIELDS = `id clientId text capturedAt status failureReason parserVersion parsedAt createdAt updatedAt
  suggestions { ${SUGGESTION_FIELDS} }`;

export function suggestionAsGraphQL(s: Rest) {
  return {
    id: s.id,
    kind: s.kind,
    source: s.source,
    status: s.status,
    title: s.title,
    summary: s.summary,
    confidence: s.confidence,
    createdAt: s.created_at,
    decidedAt: s.decided_at,
    expiresAt: s.expires_at,
    occurredAt: s.occurred_at,
    windowStart: s.window_start,
    windowEnd: s.window_end,
    payload: s.payload,
    provenance: s.provenance,
  };
}

export function captureAsGraphQL(c: Rest) {
  return {
    id: c.id,
    clientId: c.client_id,
    text: c.text,
    capturedAt: c.captured_at,
    status: c.status,
    failureReason: c.failure_reason,
    parserVersion: c.parser_version,
    parsedAt: c.parsed_at,
    createdAt: c.created_at,
    updatedAt: c.updated_at,
    suggestions: c.suggestions.map(suggestionAsGraphQL),
  };
}
