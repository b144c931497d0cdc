import { SingleBar, Presets } from 'cli-progress';

/**
 * A progress bar on stderr for a CLI counting resources (`Exporting |███| 40% | 400/1000 resources`):
 * `update` is the callback the work reports to, started on its first call; `stop` before printing.
 */
export function resourceProgress(verb: string): { update: (done: number, total: number) => void; stop: () => void } {
  const bar = new SingleBar(
    { format: `${verb} |{bar}| {percentage}% | {value}/{total} resources`, hideCursor: true, stream: process.stderr },
    Presets.shades_classic,
  );
  let started = false;
  return {
    update: (done, total) => {
      if (!started) bar.start(total, done);
      else bar.update(done);
      started = true;
    },
    stop: () => bar.stop(),
  };
}
