/** The grammar's version, stored with each suggestion's provenance. */
export const PARSER_VERSION = 'capture-grammar/1';

/** At most this many suggestions per capture; the rest of the text is not suggested. */
export const MAX_SUGGESTIONS = 20;
