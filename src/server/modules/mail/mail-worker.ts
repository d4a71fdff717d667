import type { FastifyBaseLogger } from 'fastify';
import { PeriodicTimer } from '../../periodic-timer.js';
import { syncTeamTasks } from '../team-tasks/index.js';
import { planReminders, planTeamTaskMails, planWeeklyDigests, type PlanDeps } from './planner.js';
import { planPreboardingMails } from './preboarding-mails.js';
import { sendDueMessages, type SendDeps } from './sender.js';

/**
 * The mail work of one app process (docs/decisions/025-reminders-and-outbox.md): every `everyMs` it brings the team
 * tasks in line (docs/product.md#team-tasks), plans what is due (reminders, the weekly digest) and sends what the outbox holds. Runs never overlap within a process; across
 * processes the database decides (unique keys when planning, `skip locked` claims when sending). Nothing lives only in
 * memory: a restart picks up where the outbox stands.
 */
export class MailWorker {
  private readonly timer = new PeriodicTimer();
  private running: Promise<void> | undefined;
  private again = false;

  /**
   * @param deps what planning and sending need, made afresh at each run (the clock moves)
   * @param log where failures are logged
   */
  constructor(
    private readonly deps: () => Omit<PlanDeps, 'timeZone'> &
      SendDeps & { timeZone: string; adminEmails: readonly string[]; organisationDomain: string },
    private readonly log: FastifyBaseLogger,
  ) {}

  /**
   * One run now (or right after the current one): plan, then send.
   * @returns when the run is over (failures are logged, never thrown)
   */
  runNow(): Promise<void> {
    if (this.running !== undefined) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      do {
        this.again = false;
        try {
          const deps = this.deps();
          // Team tasks follow first sign-ins, published content and leavers before anything is planned from them.
          await syncTeamTasks(deps);
          const reminders = await planReminders(deps);
          const digests = await planWeeklyDigests(deps);
          const teamTasks = await planTeamTaskMails(deps);
          // Before the first day (docs/product.md#pre-boarding): the welcome to the private address, timed messages.
          const preboarding = await planPreboardingMails(deps);
          const sent = await sendDueMessages(deps);
          if (reminders + digests + sent.sent + sent.failed + sent.retried + sent.cancelled + sent.lost > 0) {
            this.log.info(
              { planned: { reminders, digests, teamTasks, preboarding }, ...sent },
              'mail: planned and sent',
            );
          }
        } catch (error) {
          this.log.error({ err: error }, 'mail: the run failed; the next one tries again');
        }
      } while (this.again);
    })().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  /**
   * Runs now, then every `everyMs`.
   * @param everyMs milliseconds between runs
   */
  start(everyMs: number): void {
    this.timer.start(everyMs, () => void this.runNow());
  }

  /** Stops the timer and waits for a run in progress. */
  async stop(): Promise<void> {
    await this.timer.stop(this.running);
  }
}
