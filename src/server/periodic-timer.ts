/**
 * The timer of the background work each app process runs now and then every period (mail, Google Workspace jobs and
 * the directory read, the answers' sweep, agreements due again, scheduled backups: docs/architecture.md#source-layout).
 * Each worker keeps its own rule for runs that meet (join the run in progress, run once more after it, or queue);
 * this holds what they share: the first run at once, then one every period; a timer that never keeps the process
 * alive; and a stop that waits for the run in progress. Nothing lives only in the timer: a restart starts it again.
 */
export class PeriodicTimer {
  #timer: NodeJS.Timeout | undefined;

  /** Whether the timer runs: started, and not stopped since. */
  get started(): boolean {
    return this.#timer !== undefined;
  }

  /**
   * Calls `tick` now, then every `everyMs` until {@link stop}.
   * @param everyMs milliseconds between calls
   * @param tick starts one run; it must not throw (a run's failure is the worker's to log)
   */
  start(everyMs: number, tick: () => void): void {
    tick();
    this.#timer = setInterval(tick, everyMs);
    this.#timer.unref();
  }

  /**
   * Stops the calls, then waits for the run in progress.
   * @param running the run in progress, if any; its failure is not thrown again
   */
  async stop(running?: Promise<unknown>): Promise<void> {
    clearInterval(this.#timer);
    this.#timer = undefined;
    await running?.catch(() => undefined);
  }
}
