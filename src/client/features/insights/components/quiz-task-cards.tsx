import { type QuizInsight, type TeamTasksInsight } from '@shared/insights-api';
import { apiPaths } from '@/config/paths';
import { useInsight } from '../api/get-insight';
import { insightsParams, type InsightsFilters, plural } from '../utils/insights-query';
import { ChartCard, tableClass } from './chart-card';
import { dash } from './insight-bits';

/** Quizzes and team tasks (docs/product.md#admin-area). */

/** A quiz's figures in words: '3 of 4 members passed (75%), in 6 tries; those who passed needed 1.7 tries on average.' */
export function quizFiguresText(q: QuizInsight): string {
  if (q.members === 0) return 'Nobody has taken it yet.';
  const passed = `${q.passed} of ${plural(q.members, 'member')} passed (${q.passRate ?? 0}%), in ${plural(q.tries, 'try', 'tries')}`;
  return q.triesToPass === null
    ? `${passed}; nobody has passed yet.`
    : `${passed}; those who passed needed ${q.triesToPass.toLocaleString('en-GB')} ${q.triesToPass === 1 ? 'try' : 'tries'} on average.`;
}

/**
 * Quizzes (docs/product.md#quiz-steps): for each quiz step of the roles shown, the pass rate and tries of the members
 * matching the filters, and the questions they most often answered wrong (a question to explain better, or to word
 * again). The bars stand for the pass rate, which the text beside them also says.
 * @param filters the page's filters
 */
export function QuizzesCard({ filters }: { filters: InsightsFilters }) {
  const query = insightsParams(filters);
  const quizzes = useInsight('quizzes', query);
  return (
    <ChartCard
      title="Quizzes"
      description="How many passed each quiz, how many tries it took, and the questions most often answered wrong."
      query={quizzes}
      csvHref={apiPaths.adminInsight('quizzes', query, true)}
      isEmpty={(q) => q.quizzes.every((z) => z.members === 0)}
      empty="Nobody matching these filters has taken a quiz yet."
      summary={(q) => {
        const hardest = q.quizzes
          .flatMap((z) => z.mostMissed.map((m) => ({ ...m, quiz: z.title })))
          .reduce<(QuizInsight['mostMissed'][number] & { quiz: string }) | null>(
            (best, m) => (best === null || m.percent > best.percent ? m : best),
            null,
          );
        return (
          <p>
            {hardest === null
              ? 'Nobody has answered a question wrong yet.'
              : `The question most often answered wrong: '${hardest.text}' (${hardest.quiz}), in ${hardest.percent}% of tries.`}
          </p>
        );
      }}
      chart={(q) => (
        <ul className="space-y-5" aria-label="Quizzes">
          {q.quizzes.map((z) => (
            <li key={z.stepId} className="space-y-2">
              <h4 className="text-sm font-semibold text-slate-900">{z.title}</h4>
              <div aria-hidden="true" className="h-3.5 w-full overflow-hidden rounded-sm bg-slate-200">
                <div className="h-full bg-brand-700" style={{ width: `${z.passRate ?? 0}%` }} />
              </div>
              <p className="text-sm text-slate-800">{quizFiguresText(z)}</p>
              {z.mostMissed.length > 0 && (
                <div className="text-sm">
                  <p className="font-medium text-slate-800">Most often answered wrong:</p>
                  <ol className="list-decimal space-y-0.5 pl-5 text-slate-700">
                    {z.mostMissed.map((m) => (
                      <li key={m.questionId}>
                        {m.text} ({plural(m.wrong, 'try', 'tries')}, {m.percent}% of tries)
                      </li>
                    ))}
                  </ol>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      table={(q) => (
        <table className={tableClass} data-testid="quizzes-table">
          <caption className="sr-only">Quizzes: pass rate, tries and the questions most often answered wrong</caption>
          <thead>
            <tr>
              <th scope="col">Quiz</th>
              <th scope="col">Members who tried</th>
              <th scope="col">Passed</th>
              <th scope="col">Pass rate</th>
              <th scope="col">Tries</th>
              <th scope="col">Tries to pass (mean)</th>
              <th scope="col">Most often answered wrong</th>
            </tr>
          </thead>
          <tbody>
            {q.quizzes.map((z) => (
              <tr key={z.stepId}>
                <th scope="row" className="font-medium">
                  {z.title}
                </th>
                <td className="tabular-nums">{z.members}</td>
                <td className="tabular-nums">{z.passed}</td>
                <td className="tabular-nums">{z.passRate === null ? dash : `${z.passRate}%`}</td>
                <td className="tabular-nums">{z.tries}</td>
                <td className="tabular-nums">{z.triesToPass === null ? dash : z.triesToPass}</td>
                <td>
                  {z.mostMissed.length === 0 ? dash : z.mostMissed.map((m) => `${m.text} (${m.percent}%)`).join('; ')}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    />
  );
}

/**
 * The team tasks' figures in words (docs/product.md#team-tasks): '5 team tasks are open, 3 of them overdue. 2 of 4
 * newcomers have all their team tasks done, a median of 6.5 days after their start date.'
 */
export function teamTasksSummaryText(t: TeamTasksInsight): string {
  const open =
    t.open === 0
      ? 'No team task is open.'
      : `${plural(t.open, 'team task')} ${t.open === 1 ? 'is' : 'are'} open, ${t.overdue} of them overdue.`;
  const done =
    t.medianDaysToAllDone === null
      ? `No newcomer has all their team tasks done yet (${plural(t.newcomers, 'newcomer')} with team tasks).`
      : `${t.allDone} of ${plural(t.newcomers, 'newcomer')} have all their team tasks done, a median of ${plural(t.medianDaysToAllDone, 'day')} after their start date.`;
  return `${open} ${done}`;
}

/**
 * Team tasks (docs/product.md#team-tasks): open and overdue tasks by the person who does them and by task, and the
 * median days from a newcomer's start date to all their team tasks done. Overdue figures are also said in words.
 * @param filters the page's filters
 */
export function TeamTasksCard({ filters }: { filters: InsightsFilters }) {
  const query = insightsParams(filters);
  const tasks = useInsight('team-tasks', query);
  const row = (name: string, open: number, overdue: number) => (
    <>
      <th scope="row" className="font-medium">
        {name}
      </th>
      <td className="tabular-nums">{open}</td>
      <td className={`tabular-nums ${overdue > 0 ? 'font-semibold text-red-800' : ''}`}>{overdue}</td>
    </>
  );
  return (
    <ChartCard
      title="Team tasks"
      description="Open and overdue tasks of the people around newcomers, and how long newcomers wait for all of them."
      query={tasks}
      csvHref={apiPaths.adminInsight('team-tasks', query, true)}
      isEmpty={(t) => t.newcomers === 0}
      empty="No newcomer matching these filters has team tasks."
      summary={(t) => <p>{teamTasksSummaryText(t)}</p>}
      chart={(t) => (
        <div className="grid gap-4 text-sm md:grid-cols-2">
          <div>
            <h4 className="font-semibold text-slate-900">By person</h4>
            <ul className="space-y-0.5" aria-label="Open team tasks by person">
              {t.byPerson.map((p) => (
                <li key={`${p.kind}:${p.email ?? ''}`}>
                  {p.name}: {p.open} open
                  {p.overdue > 0 ? <span className="font-semibold text-red-800">, {p.overdue} overdue</span> : null}
                </li>
              ))}
            </ul>
          </div>
          <div>
            <h4 className="font-semibold text-slate-900">By task</h4>
            <ul className="space-y-0.5" aria-label="Team tasks by task">
              {t.byKind.map((k) => (
                <li key={k.taskId}>
                  {k.title}: {k.open} open
                  {k.overdue > 0 ? (
                    <span className="font-semibold text-red-800">, {k.overdue} overdue</span>
                  ) : null}, {k.done} done
                </li>
              ))}
            </ul>
          </div>
        </div>
      )}
      table={(t) => (
        <div className="grid gap-4 md:grid-cols-2">
          <table className={tableClass} aria-label="Open team tasks by person">
            <thead>
              <tr>
                <th scope="col">Who</th>
                <th scope="col">Open</th>
                <th scope="col">Overdue</th>
              </tr>
            </thead>
            <tbody>
              {t.byPerson.map((p) => (
                <tr key={`${p.kind}:${p.email ?? ''}`}>{row(p.name, p.open, p.overdue)}</tr>
              ))}
            </tbody>
          </table>
          <table className={tableClass} aria-label="Team tasks by task">
            <thead>
              <tr>
                <th scope="col">Task</th>
                <th scope="col">Open</th>
                <th scope="col">Overdue</th>
                <th scope="col">Done</th>
              </tr>
            </thead>
            <tbody>
              {t.byKind.map((k) => (
                <tr key={k.taskId}>
                  {row(k.title, k.open, k.overdue)}
                  <td className="tabular-nums">{k.done}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    />
  );
}
