import type * as Parser from './index.ts';

let loading: Promise<typeof Parser> | undefined;

/**
 * The parser, loaded and warmed up on the first capture rather than at start: chrono-node and its
 * locales are ~270 modules and ~40 MB of a server's memory, and their regular expressions take
 * ~0.5 s to compile the first time (warmUpParser), which a server that never receives a capture
 * never needs to pay. The first capture waits for it before its parse budget starts.
 */
export function loadParser(): Promise<typeof Parser> {
  return (loading ??= import('./index.ts').then((parser) => {
    parser.warmUpParser();
    return parser;
  }));
}
