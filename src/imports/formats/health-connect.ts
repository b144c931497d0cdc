import { createHash } from 'node:crypto';
import type { SQLInputValue } from 'node:sqlite';
import type { Actor } from '../../core/actor.ts';
import { Invalid } from '../../core/errors.ts';
import { ReadingSink, SleepNights } from '../reading-sink.ts';
import { ident, isSqliteHead, readSqliteExport, sqliteGuard, type SqliteExport, type TableInfo } from '../sqlite-file.ts';
import type { WriteContext, WriterFormat } from './format.ts';
import { isoAt, Sources, uuidHex, uuidOf } from './health-connect/sources.ts';
import {
  ASLEEP_STAGES,
  HEART_RATE,
  INSTANT_COLUMNS,
  INTERVAL_COLUMNS,
  RECORD_COLUMNS,
  RECORD_TABLES,
  SLEEP,
  STAGE_NAMES,
  type RecordTable,
} from './health-connect/tables.ts';

/**
 * Google Health Connect's export: the `Health Connect.zip` its "Export" writes (Settings → Health
 * Connect → Manage data → Backup and restore), a copy of its database as the entry
 * `health_connect_export.db`, or that database on its own. Each record table Health Connect keeps
 * and the catalogue has a metric for becomes readings (tables.ts), each value a record: a blood
 * pressure row is two (systolic, diastolic), a heart rate series one per sample, a sleep session
 * its stages (or itself when it has none) folded into one night per source. Record tables without
 * a metric (total calories, heart rate variability as RMSSD, height, …) are counted by table name.
 * Sources are the writing app and device (health-connect/sources.ts); a reading's source_id is the
 * record's uuid, so a later export adds only what is new.
 */

const ENTRY = 'health_connect_export.db';
const WHAT = 'Health Connect export';
const isEntry = (name: string) => name === ENTRY || name.endsWith(`/${ENTRY}`);
const hash = (...parts: unknown[]) => createHash('sha1').update(parts.join('\u0001')).digest('hex').slice(0, 24);

/** How often progress is reported, in rows. */
const PROGRESS_ROWS = 2_000;

/** Health Connect's own database, when its schema is in the first bytes (a fresh export's is): application_info_table and a record table. */
const isHealthConnectDb = (head: string) =>
  isSqliteHead(head) && head.includes('application_info_table') && /\b[a-z_]+_record_table\b/.test(head);

class HealthConnectRead {
  private readonly sink: ReadingSink;
  private readonly sleep = new SleepNights();
  private readonly sources: Sources;
  private total = 0;
  private done = 0;
  private readonly file: SqliteExport;
  private readonly ctx: WriteContext;

  constructor(file: SqliteExport, actor: Actor, ctx: WriteContext) {
    this.file = file;
    this.ctx = ctx;
    this.sink = new ReadingSink(actor, ctx.tally);
    if (!file.table('application_info_table', ['row_id', 'package_name']))
      throw Invalid.at([], `Not a ${WHAT}: the database has no application_info_table`);
    this.sources = sqliteGuard(WHAT, () => new Sources(file));
  }

  /** One row of `total` read: progress as that share of the file. */
  private step(): void {
    if (++this.done % PROGRESS_ROWS === 0) this.ctx.tally.progress(Math.floor((this.file.bytes * this.done) / Math.max(1, this.total)));
  }

  private rows(sql: string) {
    return this.file.rows(sql, [], this.ctx.signal);
  }

  async run(): Promise<void> {
    const tables = RECORD_TABLES.map((spec) => ({ spec, info: this.file.table(spec.table) })).filter((t) => t.info !== null);
    // A series is read with its parent (app, device, offset): both tables as Health Connect writes them.
    const parent = this.file.table(HEART_RATE.table, ['row_id', ...RECORD_COLUMNS, 'start_zone_offset']);
    const seriesTable = this.file.table(HEART_RATE.series);
    const series = parent && this.file.table(HEART_RATE.series, ['parent_key', 'epoch_millis', 'beats_per_minute']);
    const sessions = this.file.table(SLEEP.table);
    const known = new Set<string>([...RECORD_TABLES.map((t) => t.table), HEART_RATE.table, SLEEP.table].map((t) => t.toUpperCase()));
    const unmapped = [...this.file.tables().values()].filter((t) => /_record_table$/i.test(t.name) && !known.has(t.name.toUpperCase()));
    const counted = [...tables.map((t) => t.info!), ...(seriesTable ? [seriesTable] : []), ...(sessions ? [sessions] : []), ...unmapped];
    this.total = counted.reduce((n, t) => n + this.file.count(t), 0);

    for (const { spec, info } of tables) await this.recordTable(spec, info!);
    if (series) await this.heartRate();
    else if (seriesTable) await this.unmappedTable(seriesTable, seriesTable.name, 'its columns are not the ones read');
    if (sessions) await this.sleepSessions(sessions);
    for (const t of unmapped) await this.unmappedTable(t, t.name);

    if (!this.ctx.signal.aborted) {
      for (const night of this.sleep.nights()) {
        await this.sink.pushNight(night, hash('health_connect', 'sleep', night.source, night.start), { health_connect_type: SLEEP.table });
      }
    }
    await this.sink.flush();
    this.ctx.tally.progress(this.file.bytes);
  }

  /** Every row of a table counted as not mapped under `name` (a record type the catalogue has no metric for). */
  private async unmappedTable(table: TableInfo, name: string, why = 'no metric for this Health Connect record type'): Promise<void> {
    await this.file.eachRow(
      table,
      (i) => {
        this.sink.record();
        this.sink.ignore(name, `${table.name} row ${i + 1}: ${why}`);
        this.step();
      },
      this.ctx.signal,
    );
  }

  private async recordTable(spec: RecordTable, table: TableInfo): Promise<void> {
    const timeColumns = spec.kind === 'instant' ? INSTANT_COLUMNS : INTERVAL_COLUMNS;
    const missing = [...RECORD_COLUMNS, ...timeColumns].filter((c) => !table.columns.has(c.toUpperCase()));
    const values = spec.kind === 'duration' ? [] : spec.values.filter((c) => table.columns.has(c.column.toUpperCase()));
    if (missing.length || (spec.kind !== 'duration' && values.length === 0)) {
      // A later Health Connect that renamed a column: counted, with which one, rather than guessed at.
      return this.unmappedTable(table, table.name, `no column ${missing[0] ?? spec.kind}`);
    }
    const select = [...RECORD_COLUMNS, ...timeColumns, ...values.map((c) => c.column)].map(ident).join(', ');
    let row = 0;
    for await (const r of this.rows(`select ${select} from ${ident(table.name)}`)) {
      row++;
      this.step();
      const detail = `${table.name} row ${row}`;
      const origin = this.sources.of(r.app_info_id, r.device_info_id);
      const metadata = { health_connect_type: table.name, ...origin.metadata };
      const id = uuidHex(r.uuid) ?? hash(table.name, ...timeColumns.map((c) => r[c]), ...values.map((c) => r[c.column]));
      if (spec.kind === 'duration') {
        this.sink.record();
        const end = isoAt(r.end_time, r.end_zone_offset);
        const minutes = (Number(r.end_time) - Number(r.start_time)) / 60_000;
        if (!end || !isoAt(r.start_time, r.start_zone_offset) || !(minutes >= 0)) {
          this.sink.ignore(`${table.name} without a readable time`, `${detail}: no readable start_time and end_time`, 'malformed');
          continue;
        }
        await this.sink.push({
          reading: {
            metric_type_slug: spec.slug,
            recorded_at: end,
            source: origin.source,
            source_id: id,
            value: minutes,
            unit: 'min',
            metadata,
          },
          records: 1,
          detail,
        });
        continue;
      }
      const at = spec.kind === 'instant' ? isoAt(r.time, r.zone_offset) : isoAt(r.start_time, r.start_zone_offset);
      const filled = values.filter((c) => r[c.column] !== null);
      if (filled.length === 0) {
        this.sink.record();
        this.sink.ignore(`${table.name} without a value`, `${detail}: none of its values has a metric`);
        continue;
      }
      for (const c of filled) {
        this.sink.record();
        if (!at) {
          this.sink.ignore(`${table.name} without a readable time`, `${detail}: no readable time`, 'malformed');
          continue;
        }
        await this.sink.push({
          reading: {
            metric_type_slug: c.slug,
            recorded_at: at,
            source: origin.source,
            source_id: values.length > 1 ? `${id}:${c.column}` : id,
            value: Number(r[c.column]),
            unit: c.unit,
            metadata,
            ...(spec.grouped ? { reading_group_id: uuidOf(r.uuid) } : {}),
          },
          records: 1,
          detail,
        });
      }
    }
  }

  /** Each sample of a heart rate series, with its parent record's app, device and offset. */
  private async heartRate(): Promise<void> {
    let row = 0;
    for await (const r of this.rows(
      `select s.epoch_millis as t, s.beats_per_minute as bpm, p.uuid, p.app_info_id, p.device_info_id, p.start_zone_offset
       from ${HEART_RATE.series} s left join ${HEART_RATE.table} p on p.row_id = s.parent_key`,
    )) {
      row++;
      this.step();
      this.sink.record();
      const detail = `${HEART_RATE.series} row ${row}`;
      const at = isoAt(r.t, r.start_zone_offset);
      const id = uuidHex(r.uuid);
      if (!at || !id) {
        this.sink.ignore(
          `${HEART_RATE.series} without a record or time`,
          `${detail}: no parent heart rate record or no readable time`,
          'malformed',
        );
        continue;
      }
      const origin = this.sources.of(r.app_info_id, r.device_info_id);
      await this.sink.push({
        reading: {
          metric_type_slug: 'heart_rate',
          recorded_at: at,
          source: origin.source,
          source_id: `${id}:${Number(r.t)}`,
          value: Number(r.bpm),
          unit: 'bpm',
          metadata: { health_connect_type: HEART_RATE.table, ...origin.metadata },
        },
        records: 1,
        detail,
      });
    }
  }

  /**
   * Sleep sessions with their stages (a left join, so a session without stages comes once with
   * none): asleep stages become intervals of their source's nights, awake ones are counted by
   * name, and a session without stages is asleep as a whole.
   */
  private async sleepSessions(sessions: TableInfo): Promise<void> {
    const cols = ['row_id', ...RECORD_COLUMNS, ...INTERVAL_COLUMNS];
    if (cols.some((c) => !sessions.columns.has(c.toUpperCase())))
      return this.unmappedTable(sessions, sessions.name, 'its columns are not the ones read');
    const stages = this.file.table(SLEEP.stages, ['parent_key', 'stage_start_time', 'stage_end_time', 'stage_type']);
    const stageColumns = stages
      ? `st.stage_start_time, st.stage_end_time, st.stage_type from ${SLEEP.table} p left join ${SLEEP.stages} st on st.parent_key = p.row_id`
      : `null as stage_start_time, null as stage_end_time, null as stage_type from ${SLEEP.table} p`;
    let row = 0;
    for await (const r of this.rows(
      `select p.row_id, p.app_info_id, p.device_info_id, p.start_time, p.end_time, p.start_zone_offset, p.end_zone_offset, ${stageColumns}`,
    )) {
      row++;
      this.sink.record();
      const detail = `${SLEEP.table} row ${row}`;
      const origin = this.sources.of(r.app_info_id, r.device_info_id);
      const staged = r.stage_type !== null;
      const [start, end]: SQLInputValue[] = staged ? [r.stage_start_time, r.stage_end_time] : [r.start_time, r.end_time];
      if (staged && !ASLEEP_STAGES.has(Number(r.stage_type))) {
        this.sink.ignore(`sleep stage: ${STAGE_NAMES[Number(r.stage_type)] ?? 'unknown'}`, `${detail}: a stage that is not asleep`);
        continue;
      }
      // Stages carry no offset of their own: the session's (start for the start, end for the end).
      const startIso = isoAt(start, r.start_zone_offset);
      const endIso = isoAt(end, r.end_zone_offset);
      if (!startIso || !endIso || Number(end) < Number(start)) {
        this.sink.ignore(`${SLEEP.table} without a readable time`, `${detail}: no readable start and end`, 'malformed');
        continue;
      }
      this.sleep.add(origin.source, startIso, endIso);
    }
    // A session's stage rows are its records; each session and stage row was one step of the count.
    this.done += this.file.count(sessions);
  }
}

/** Imports a Health Connect export at `path` (its ZIP, or the database itself). */
const importHealthConnect = (path: string, actor: Actor, ctx: WriteContext): Promise<void> =>
  readSqliteExport(path, WHAT, isEntry, ctx.signal, (file) => new HealthConnectRead(file, actor, ctx).run());

export const healthConnect: WriterFormat = {
  name: 'health_connect',
  kind: 'writer',
  detect: isHealthConnectDb,
  zipEntries: (names) => names.some(isEntry),
  write: importHealthConnect,
};
