import { Decoder, Profile, Stream } from '@garmin/fitsdk';

/** A decoded FIT message: its profile name ("record", "sleepLevel") and its fields, scaled, types as names, times as Dates. */
export type FitMessage = { name: string; fields: Record<string, unknown> };

/** What the decoder gave: the messages in file order, and why it stopped early (null: it read to the end, CRC checked). */
export type DecodedFit = { messages: FitMessage[]; error: string | null };

/**
 * Past this many messages a file is not read further: each decoded message costs a few hundred
 * bytes of heap, and a 24-hour activity at one record a second with beat-to-beat HRV logging has
 * about 200,000. The thread's memory cap (fit-thread.ts) is the backstop.
 */
const MAX_MESSAGES = 600_000;

const NAMES = new Map<number, string>(Object.values(Profile.messages).map((m) => [m.num, m.name]));

class TooManyMessages extends Error {}

/** Whether these bytes start as a FIT file does (a 12- or 14-byte header with ".FIT" at 8..11). */
export const isFitBytes = (bytes: Uint8Array): boolean => Decoder.isFIT(Stream.fromByteArray(bytes));

/**
 * Decodes a whole FIT file (chained files too) with Garmin's SDK, keeping the order of the
 * messages (the SDK groups them by type; timestamp_16 fields and the file_id that starts each
 * chained file need the order). Messages the profile does not know are not decoded (the SDK's
 * default). A file cut short or with a bad CRC gives the messages read before the fault and why.
 */
export function decodeFit(bytes: Uint8Array): DecodedFit {
  const decoder = new Decoder(Stream.fromByteArray(bytes));
  const messages: FitMessage[] = [];
  const { errors } = decoder.read({
    mesgListener: (num, fields) => {
      if (messages.length >= MAX_MESSAGES) throw new TooManyMessages(`more than ${MAX_MESSAGES} messages`);
      messages.push({ name: NAMES.get(num) ?? String(num), fields: fields as Record<string, unknown> });
    },
    // Heart rates a strap stored apart (hr messages, swimming) are put into the records, as Garmin's tools do.
    mergeHeartRates: true,
    includeUnknownData: false,
  });
  const error = errors.length ? errors[0].message.replace(/^FIT Runtime Error\s*/, '') || 'unreadable' : null;
  return { messages, error };
}
