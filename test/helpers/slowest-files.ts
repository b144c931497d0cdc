/**
 * A jest reporter (jest.config.ts): after the run, the ten test files that took longest, so the
 * next one to speed up is named in every run's output.
 */
type FileResult = { testFilePath: string; perfStats: { start: number; end: number } };

export default class SlowestFiles {
  onRunComplete(_contexts: unknown, results: { testResults: FileResult[] }): void {
    const root = `${process.cwd()}/`;
    const slowest = results.testResults
      .map((r) => ({ file: r.testFilePath.replace(root, ''), seconds: (r.perfStats.end - r.perfStats.start) / 1000 }))
      .sort((a, b) => b.seconds - a.seconds)
      .slice(0, 10);
    if (slowest.length < 2) return;
    console.log(`\nSlowest test files:\n${slowest.map((s) => `${s.seconds.toFixed(1).padStart(7)} s  ${s.file}`).join('\n')}`);
  }
}
