import type { SQLInputValue } from 'node:sqlite';
import type { SqliteExport } from '../../sqlite-file.ts';

/**
 * Who wrote a Health Connect record: the app (application_info_table: its name, else its package)
 * and, where Health Connect knows it, the device (device_info_table: manufacturer and model). Each
 * app and device pair is a source the user ranks, "Fitbit (Google Pixel Watch 2)".
 */

/** More apps or devices than a phone has: the rest are read as unknown rather than kept. */
const MAX_ROWS = 10_000;
const text = (v: SQLInputValue, max = 100): string => (typeof v === 'string' ? v.trim().slice(0, max) : '');

export type Origin = { source: string; metadata: Record<string, unknown> };

export class Sources {
  private readonly apps = new Map<number, { name: string; packageName: string }>();
  private readonly devices = new Map<number, string>();
  private readonly origins = new Map<string, Origin>();

  constructor(file: SqliteExport) {
    const apps = file.table('application_info_table', ['row_id', 'package_name']);
    if (apps) {
      const name = apps.columns.has('APP_NAME') ? 'app_name' : 'null';
      for (const r of file.db
        .prepare(`select row_id, package_name, ${name} as app_name from application_info_table limit ?`)
        .iterate(MAX_ROWS)) {
        this.apps.set(Number(r.row_id), { name: text(r.app_name), packageName: text(r.package_name, 200) });
      }
    }
    const devices = file.table('device_info_table', ['row_id', 'manufacturer', 'model']);
    if (devices) {
      for (const r of file.db.prepare('select row_id, manufacturer, model from device_info_table limit ?').iterate(MAX_ROWS)) {
        const name = [text(r.manufacturer), text(r.model)].filter(Boolean).join(' ');
        if (name) this.devices.set(Number(r.row_id), name);
      }
    }
  }

  /** The source of a record written by this app on this device (ids as the record gives them). */
  of(appId: SQLInputValue, deviceId: SQLInputValue): Origin {
    const key = `${Number(appId)}:${Number(deviceId)}`;
    let origin = this.origins.get(key);
    if (!origin) {
      const app = this.apps.get(Number(appId));
      const device = this.devices.get(Number(deviceId));
      const appName = app?.name || app?.packageName || 'Health Connect';
      origin = {
        source: (device ? `${appName} (${device})` : appName).slice(0, 100),
        metadata: { ...(app?.packageName ? { package: app.packageName } : {}), ...(device ? { device } : {}) },
      };
      // A source per app and device pair: bounded by the two tables' caps, and in practice a handful.
      this.origins.set(key, origin);
    }
    return origin;
  }
}

/** Offsets Java's ZoneOffset accepts (±18 h), in seconds. */
const MAX_OFFSET_S = 18 * 3600;
/** Instants a reading may have: 1970 to 2200 (anything else is not a time a device measured). */
const MAX_MS = Date.UTC(2200, 0, 1);

/** Epoch milliseconds and an offset in seconds as ISO 8601 with that offset ("2024-03-01T07:30:00+01:00"); null when not a time. */
export function isoAt(ms: SQLInputValue, offsetS: SQLInputValue): string | null {
  const t = Number(ms);
  if (ms === null || !Number.isFinite(t) || t < 0 || t > MAX_MS) return null;
  const off = Number(offsetS);
  // An offset of whole minutes within Java's range; anything else leaves the instant in UTC.
  if (offsetS === null || !Number.isInteger(off) || off % 60 !== 0 || Math.abs(off) > MAX_OFFSET_S) return new Date(t).toISOString();
  const local = new Date(t + off * 1000).toISOString().slice(0, -1);
  const a = Math.abs(off);
  const hh = String(Math.floor(a / 3600)).padStart(2, '0');
  const mm = String((a % 3600) / 60).padStart(2, '0');
  return `${local}${off < 0 ? '-' : '+'}${hh}:${mm}`;
}

/** A record's uuid (a 16-byte blob) as hex: its stable id across exports. */
export const uuidHex = (v: SQLInputValue): string | null =>
  v instanceof Uint8Array && v.length > 0 && v.length <= 64
    ? Buffer.from(v).toString('hex')
    : typeof v === 'string' && v
      ? v.slice(0, 64)
      : null;

/**
 * A reading group's id from a record's 16-byte uuid: the same bytes with the version and variant
 * bits of a random UUID (the service takes only those), so it is as stable as the record's.
 * Undefined when the uuid is not 16 bytes.
 */
export function uuidOf(v: SQLInputValue): string | undefined {
  if (!(v instanceof Uint8Array) || v.length !== 16) return undefined;
  const b = Buffer.from(v);
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = b.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
