// What express's body readers (body-parser, raw-body) ask of iconv-lite, in the bundle that
// `npm start` runs: UTF-8, the charset of every JSON body, through Node's own StringDecoder with
// iconv-lite's default of dropping a leading byte order mark; any other charset through iconv-lite
// itself, loaded from node_modules the first time one is asked for. iconv-lite's tables are half a
// megabyte, which V8 parsed at every start (~30 ms of a PostgreSQL start to /readyz) for requests
// that almost never come (docs/decisions.md, Footprint).
import { createRequire } from 'node:module';
import { StringDecoder } from 'node:string_decoder';

// Resolved at run time from the bundle's folder (node_modules two levels up), not bundled.
const load = createRequire(import.meta.url);
let iconv;
const real = () => (iconv ??= load('iconv-lite'));
// iconv-lite's own spelling of a name (lower case, letters and digits only): utf-8, UTF8, utf_8 ...
const isUtf8 = (encoding) =>
  String(encoding)
    .toLowerCase()
    .replace(/:\d{4}$|[^0-9a-z]/g, '') === 'utf8';
const BOM = '\uFEFF';

function utf8Decoder(options) {
  const decoder = new StringDecoder('utf8');
  let first = !(options && options.stripBOM === false);
  return {
    write(buf) {
      let text = decoder.write(buf);
      if (first && text) {
        first = false;
        if (text[0] === BOM) text = text.slice(1);
      }
      return text;
    },
    end() {
      return decoder.end() || undefined;
    },
  };
}

export const encodingExists = (encoding) => isUtf8(encoding) || real().encodingExists(encoding);

export const getDecoder = (encoding, options) => (isUtf8(encoding) ? utf8Decoder(options) : real().getDecoder(encoding, options));

export function decode(buf, encoding, options) {
  if (!isUtf8(encoding)) return real().decode(buf, encoding, options);
  const decoder = utf8Decoder(options);
  return decoder.write(buf) + (decoder.end() ?? '');
}
