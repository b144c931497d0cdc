import { appleHealth } from './apple-health.ts';
import { lifetrackArchive } from './archive.ts';
import { daylio, loop, mappedCsv } from './csv.ts';
import { fitbitTakeout } from './fitbit-takeout.ts';
import type { ImportFormat } from './format.ts';
import { gadgetbridge } from './gadgetbridge.ts';
import { garminFit } from './garmin-fit.ts';
import { geojson } from './geojson.ts';
import { googleRecords } from './google-records.ts';
import { googleSemantic } from './google-semantic.ts';
import { googleTimelineAndroid, googleTimelineIos } from './google-timeline.ts';
import { gpx } from './gpx.ts';
import { healthConnect } from './health-connect.ts';
import { kml } from './kml.ts';
import { kmz } from './kmz.ts';
import { oura } from './oura/index.ts';
import { owntracksJson, owntracksRec } from './owntracks.ts';
import { withings } from './withings/index.ts';

/** Every format's name, as clients name it in `format` and imports show it in `detected_format`. */
export const FORMAT_NAMES = [
  'google_records',
  'google_semantic',
  'google_timeline_android',
  'google_timeline_ios',
  'owntracks_rec',
  'owntracks_json',
  'gpx',
  'kml',
  'kmz',
  'geojson',
  'apple_health',
  'fitbit_takeout',
  'health_connect',
  'gadgetbridge',
  'oura',
  'withings',
  'garmin_fit',
  'lifetrack_archive',
  'daylio',
  'loop',
  'csv',
] as const;
export type FormatName = (typeof FORMAT_NAMES)[number];

/**
 * Every format the pipeline reads, in the order detection tries them (the first whose `detect`
 * or `zipEntries` claims the file wins).
 */
export const FORMATS: readonly ImportFormat[] = [
  googleRecords,
  googleSemantic,
  googleTimelineAndroid,
  googleTimelineIos,
  owntracksRec,
  owntracksJson,
  gpx,
  kml,
  kmz,
  geojson,
  appleHealth,
  fitbitTakeout,
  healthConnect,
  gadgetbridge,
  oura,
  withings,
  garminFit,
  lifetrackArchive,
  daylio,
  loop,
  // Chosen by name only (its mapping says how to read it): never detected.
  mappedCsv,
];

export const formatNamed = (name: string): ImportFormat | undefined => FORMATS.find((f) => f.name === name);
