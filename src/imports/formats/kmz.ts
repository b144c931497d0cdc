import type { RecordFormat } from './format.ts';
import { kml } from './kml.ts';

const isKml = (name: string) => /\.kml$/i.test(name) && !name.startsWith('__MACOSX/');

/** A KMZ: a ZIP whose KML (doc.kml by convention, else the first .kml) is read as KML. */
export const kmz: RecordFormat = {
  name: 'kmz',
  kind: 'records',
  zipEntries: (names) => names.some(isKml),
  zipEntry: (names) => names.find((n) => /(^|\/)doc\.kml$/i.test(n)) ?? names.find(isKml),
  read: (input, ctx) => kml.read(input, ctx),
};
