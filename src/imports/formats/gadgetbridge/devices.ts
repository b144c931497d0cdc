import type { SQLInputValue } from 'node:sqlite';
import { Invalid } from '../../../core/errors.ts';
import { ident, type SqliteExport } from '../../sqlite-file.ts';

/**
 * Gadgetbridge's DEVICE table (greenDAO's Device entity: `_id`, NAME, MANUFACTURER, IDENTIFIER the
 * MAC address, TYPE the old numeric DeviceType key, and in later versions TYPE_NAME and ALIAS):
 * each device a source, "Gadgetbridge: Mi Band 3" (its alias when the user gave one; two devices
 * of one name told apart by their address).
 */
export type Device = { source: string; identifier: string; typeName: string; miBand1: boolean };

/** More devices than anyone pairs: the rest are read as unknown rather than kept. */
const MAX_DEVICES = 1_000;
/** DeviceType.MIBAND's key before TYPE_NAME existed. */
const MIBAND_TYPE_KEY = 10;
const text = (v: SQLInputValue, max = 80): string => (typeof v === 'string' ? v.trim().slice(0, max) : '');

export function readDevices(file: SqliteExport): Map<number, Device> {
  const table = file.table('DEVICE', ['NAME', 'IDENTIFIER']);
  if (!table) throw Invalid.at([], `Not a ${file.what}: the database has no DEVICE table`);
  const id = table.columns.has('_ID') ? '_id' : table.columns.has('ID') ? 'id' : null;
  if (!id) throw Invalid.at([], `Not a ${file.what}: its DEVICE table has no _id column`);
  const optional = (c: string) => (table.columns.has(c) ? ident(c) : 'null');
  const rows = file.db
    .prepare(
      `select ${ident(id)} as id, NAME as name, IDENTIFIER as identifier, ${optional('ALIAS')} as alias,
        ${optional('TYPE')} as type, ${optional('TYPE_NAME')} as type_name from ${ident(table.name)} limit ?`,
    )
    .all(MAX_DEVICES);
  const names = rows.map((r) => text(r.alias) || text(r.name) || 'device');
  const devices = new Map<number, Device>();
  rows.forEach((r, i) => {
    const identifier = text(r.identifier, 64);
    const twin = names.some((n, j) => j !== i && n === names[i]);
    const typeName = text(r.type_name, 64);
    devices.set(Number(r.id), {
      source: `Gadgetbridge: ${names[i]}${twin && identifier ? ` (${identifier})` : ''}`.slice(0, 100),
      identifier: identifier || String(r.id),
      typeName,
      miBand1: typeName ? typeName === 'MIBAND' : Number(r.type) === MIBAND_TYPE_KEY,
    });
  });
  return devices;
}

/** The device of a sample; one the DEVICE table does not have is still a source of its own. */
export const deviceOf = (devices: Map<number, Device>, id: SQLInputValue): Device =>
  devices.get(Number(id)) ?? {
    source: `Gadgetbridge: device ${Number(id)}`,
    identifier: `device-${Number(id)}`,
    typeName: '',
    miBand1: false,
  };
