import type { ImportTally } from './formats/format.ts';
import type { ImportCounts, ImportReason } from './import.entity.ts';
import { SKIP_REASONS } from './records.ts';

/** How many skipped records are shown with where and why. */
const SHOWN_REASONS = 20;
/** How many distinct unmapped type names are counted by name (the rest under "(other)"). */
const NAMED_TYPES = 100;

/** Every reason at 0, so the answer's shape does not depend on the file. */
export function emptyCounts(): ImportCounts {
  return {
    read: 0,
    created: 0,
    present: 0,
    skipped: Object.fromEntries([...SKIP_REASONS, 'invalid', 'conflict'].map((r) => [r, 0])),
    unmapped: {},
  };
}

/** A running import's counts and first reasons, kept so that read = created + present + skipped. */
export class Tally implements ImportTally {
  readonly counts = emptyCounts();
  readonly reasons: ImportReason[] = [];
  bytesRead = 0;
  /** Called after each progress report (the runner saves the row about once a second). */
  onProgress: (() => void) | null = null;

  created(n = 1): void {
    this.counts.read += n;
    this.counts.created += n;
  }

  present(n = 1): void {
    this.counts.read += n;
    this.counts.present += n;
  }

  skipped(reason: string, detail: string, name?: string): void {
    this.counts.read++;
    this.counts.skipped[reason] = (this.counts.skipped[reason] ?? 0) + 1;
    if (name !== undefined) {
      const key = name in this.counts.unmapped || Object.keys(this.counts.unmapped).length < NAMED_TYPES ? name.slice(0, 100) : '(other)';
      this.counts.unmapped[key] = (this.counts.unmapped[key] ?? 0) + 1;
    }
    if (this.reasons.length < SHOWN_REASONS) this.reasons.push({ reason, detail: detail.slice(0, 300) });
  }

  progress(bytesRead: number): void {
    this.bytesRead = bytesRead;
    this.onProgress?.();
  }
}
