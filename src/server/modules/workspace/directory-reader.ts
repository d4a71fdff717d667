import type { Database } from '../../db/client.js';
import { PeriodicTimer } from '../../periodic-timer.js';
import type { WorkspaceConnection } from './connection.js';
import { lastReadStartedAt, readDirectory, type DirectoryReadOutcome } from './directory-read.js';

/**
 * The periodic directory read of one app process (docs/product.md#who-left-in-google-workspace), as the Workspace
 * jobs and the mail worker run theirs: a timer that a restart starts again, runs that never overlap, and `runNow()`
 * for an admin's 'Read now' and for tests. With several processes, a timed run is skipped when another read started
 * less than half a period ago.
 */
export class DirectoryReader {
  private readonly timer = new PeriodicTimer();
  private running: Promise<DirectoryReadOutcome | null> = Promise.resolve(null);

  /**
   * @param deps what a run needs, made afresh at each run (the clock moves)
   * @param log where results and failures are logged
   */
  constructor(
    private readonly deps: () => { db: Database; connection: WorkspaceConnection; domain: string; now: Date },
    private readonly log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void },
  ) {}

  /**
   * Reads the directory now, after the read in progress.
   * @param options `unlessReadWithinMs`: skip when a read started within that many milliseconds (timed runs)
   * @returns how the read ended, or null when it was skipped
   */
  runNow(options: { unlessReadWithinMs?: number } = {}): Promise<DirectoryReadOutcome | null> {
    this.running = this.running
      .catch(() => null)
      .then(async () => {
        const deps = this.deps();
        if (options.unlessReadWithinMs !== undefined) {
          const last = await lastReadStartedAt(deps.db);
          if (last !== null && deps.now.getTime() - last.getTime() < options.unlessReadWithinMs) return null;
        }
        const outcome = await readDirectory(deps);
        if (outcome.ok) this.log.info({ accounts: outcome.accounts }, 'the Workspace directory was read');
        else
          this.log.warn({ failure: outcome.failure, problem: outcome.problem }, 'the Workspace directory read failed');
        return outcome;
      });
    return this.running;
  }

  /** Reads now unless another process just did, then every `everyMs` (failures logged, never thrown). */
  start(everyMs: number): void {
    const run = () =>
      void this.runNow({ unlessReadWithinMs: everyMs / 2 }).catch((error: unknown) =>
        this.log.warn({ err: error }, 'the Workspace directory read failed'),
      );
    this.timer.start(everyMs, run);
  }

  /** Stops the timer and waits for a read in progress. */
  async stop(): Promise<void> {
    await this.timer.stop(this.running);
  }
}
