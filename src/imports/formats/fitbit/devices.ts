/**
 * The readings' source: "Fitbit", and the device when the export says which one recorded them.
 * Per-minute data, sleep and the daily values do not name their device; the export's list of
 * paired trackers (`Paired Devices/Trackers.csv` in a Takeout, `Personal & Account/Devices.csv` in
 * the older archive) does, so when it lists exactly one tracker, its readings are that tracker's
 * ("Fitbit Charge 5"). With several (a Charge 4, then a Sense) nothing tells which recorded what:
 * "Fitbit". A weigh-in or an exercise that names its own device (an Aria scale, a tracker) has
 * that device as its source.
 *
 * Readings are deduplicated by source and source_id, so the same data imported with another source
 * is new: a file uploaded alone (no devices file beside it), a Takeout split into several ZIP files
 * (the devices file is in one of them), or a later export listing a second tracker give "Fitbit"
 * where an earlier import gave "Fitbit Charge 5", and those readings are there twice (a day's
 * summary still takes one source, not the sum).
 */

/** The columns a devices file names its devices in, the first present wins (the archive's and the Takeout's spellings). */
const NAME_COLUMNS = ['device_name', 'deviceversion', 'device_version', 'device_type', 'tracker_name', 'name', 'device'];
/** Scales are listed beside trackers (type SCALE, or an Aria by name): they record weigh-ins only, which name them. */
const isScale = (cells: string[], name: string) => cells.some((c) => c.trim().toUpperCase() === 'SCALE') || /^aria\b/i.test(name);
const TYPE_WORDS = /^(?:tracker|scale)$/i;
const MAX_SOURCE = 100;

/** "Fitbit" and a device's name ("Charge 5" → "Fitbit Charge 5"; "Fitbit Sense" stays as it is). */
export function deviceSource(name: string | null | undefined): string {
  const device = (name ?? '').replace(/\s+/g, ' ').trim();
  if (!device) return 'Fitbit';
  return (/^fitbit\b/i.test(device) ? device : `Fitbit ${device}`).slice(0, MAX_SOURCE);
}

/** The trackers a devices file lists (its rows as cells, the header first). */
export function trackersOf(rows: string[][]): string[] {
  const [header, ...data] = rows;
  if (!header) return [];
  const columns = header.map((h) => h.trim().toLowerCase());
  const named = NAME_COLUMNS.map((n) => columns.indexOf(n)).filter((i) => i >= 0);
  const names: string[] = [];
  for (const cells of data) {
    // A type column ("TRACKER") is not a name: the next column that names something is.
    const name = named.map((i) => (cells[i] ?? '').trim()).find((c) => c && !TYPE_WORDS.test(c));
    if (name && !isScale(cells, name)) names.push(name);
  }
  return names;
}

/** The source of what does not name its device: the one tracker listed, else "Fitbit". */
export function exportSource(trackers: string[]): string {
  const distinct = new Set(trackers.map((t) => deviceSource(t)));
  return distinct.size === 1 ? [...distinct][0] : 'Fitbit';
}
