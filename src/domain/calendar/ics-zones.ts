import ICAL from 'ical.js';
import { findIana } from 'windows-iana';
import { isValidTimezone, wallTimeToUtc } from '../../core/clock.ts';

type Time = InstanceType<typeof ICAL.Time>;
type Component = InstanceType<typeof ICAL.Component>;

/** An ical.js zone answering offsets from the runtime's IANA database, for TZIDs the feed has no VTIMEZONE for. */
class IntlZone extends ICAL.Timezone {
  constructor(tzid: string) {
    super({ tzid });
  }
  override utcOffset(tt: Time): number {
    const wall = Date.UTC(tt.year, tt.month - 1, tt.day, tt.hour, tt.minute, tt.second);
    return Math.round((wall - wallTimeToUtc(wall, this.tzid)) / 1000);
  }
}

/**
 * The IANA zone a TZID means: an IANA name itself, one after a prefix ("/mozilla.org/.../Europe/Berlin"),
 * or a Windows name as Outlook and Exchange write them ("W. Europe Standard Time"), mapped through
 * CLDR's windowsZones (its first, "001", zone). Null when unknown: the time is then floating.
 */
function ianaName(tzid: string): string | null {
  const name = tzid.trim().replace(/^"|"$/g, '');
  if (isValidTimezone(name)) return name;
  const m = /([A-Za-z_]+\/[A-Za-z_+-]+(?:\/[A-Za-z_+-]+)?)$/.exec(name);
  if (m && isValidTimezone(m[1])) return m[1];
  const windows = findIana(name)?.find(isValidTimezone);
  return windows ?? null;
}

function tzidsUsed(root: Component): Set<string> {
  const ids = new Set<string>();
  for (const event of root.getAllSubcomponents('vevent')) {
    for (const prop of event.getAllProperties()) {
      const tzid = prop.getParameter('tzid');
      if (typeof tzid === 'string') ids.add(tzid);
    }
  }
  return ids;
}

/**
 * Registers in ical.js' process-wide TimezoneService the feed's own VTIMEZONEs (they win) and, for
 * every other TZID its events use, the IANA zone it names. An unknown TZID stays unregistered, and
 * ical.js then reads it as floating, that is, in the user's timezone. The caller resets the service.
 */
export function registerZones(root: Component): void {
  for (const vtz of root.getAllSubcomponents('vtimezone')) {
    const tzid = vtz.getFirstPropertyValue('tzid');
    try {
      if (typeof tzid === 'string' && !ICAL.TimezoneService.has(tzid)) ICAL.TimezoneService.register(new ICAL.Timezone(vtz), tzid);
    } catch {
      // A VTIMEZONE ical.js cannot read is as if absent: the TZID's name may still say the zone.
    }
  }
  for (const tzid of tzidsUsed(root)) {
    if (ICAL.TimezoneService.has(tzid)) continue;
    const iana = ianaName(tzid);
    if (iana) ICAL.TimezoneService.register(new IntlZone(iana), tzid);
  }
}
