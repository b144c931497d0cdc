import { spawn } from 'node:child_process';
import { once } from 'node:events';

/**
 * The feed's time ceiling counts the reading thread's CPU, not the wall clock: on a loaded machine
 * (CI runs two jest workers, their servers and PostgreSQL on two cores) a read that waits seconds
 * for a core has done no more work, and once lost a daily series that way. Here the read runs in a
 * process of its own that is stopped for longer than the ceiling in the middle of the read.
 */
const READER = `
import { readFeed } from './src/domain/calendar/ics.ts';
const vevent = (i) => ['BEGIN:VEVENT', 'UID:daily-' + i, 'DTSTART:20190101T' + String(i).padStart(2, '0') + '0000Z', 'RRULE:FREQ=DAILY;COUNT=2500', 'END:VEVENT'];
const text = ['BEGIN:VCALENDAR', 'VERSION:2.0', ...Array.from({ length: 20 }, (_, i) => vevent(i)).flat(), 'END:VCALENDAR'].join('\\r\\n');
const options = { windowStart: new Date('2025-01-01T00:00:00Z'), windowEnd: new Date('2025-02-01T00:00:00Z'), userTimezone: 'UTC' };
process.stdout.write('reading\\n');
const started = performance.now();
const feed = readFeed(text, options);
process.stdout.write(JSON.stringify({ wallMs: performance.now() - started, events: feed.events.length, skipped: feed.skipped }) + '\\n');
`;

test('a read stopped for 3.5 s in its middle keeps every instance: the ceiling is CPU time, not time waited', async () => {
  const child = spawn(process.execPath, ['--no-warnings', '--input-type=module', '-e', READER], { stdio: ['ignore', 'pipe', 'inherit'] });
  let output = '';
  let stopped = false;
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    if (stopped || !output.includes('reading')) return;
    stopped = true;
    // 20 series of 2,500 daily steps take several hundred ms of CPU at least: 30 ms in is mid-read.
    setTimeout(() => {
      child.kill('SIGSTOP');
      setTimeout(() => child.kill('SIGCONT'), 3_500);
    }, 30);
  });
  const [code] = (await once(child, 'exit')) as [number | null];
  expect(code).toBe(0);
  const result = JSON.parse(output.split('\n')[1]) as { wallMs: number; events: number; skipped: unknown };
  // The stop landed inside the read (otherwise this test would prove nothing) ...
  expect(result.wallMs).toBeGreaterThan(3_500);
  // ... and every series kept its 31 January days.
  expect(result).toMatchObject({ events: 20 * 31, skipped: { count: 0, reasons: [] } });
}, 30_000);
