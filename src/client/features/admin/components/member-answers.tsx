import FileDown from 'lucide-react/icons/file-down';
import { sizeText } from '@shared/step-answers';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { apiPaths } from '@/config/paths';
import { useMemberAnswers } from '../api/get-member-answers';
import { formatDateTime } from '../utils/format';

/**
 * A member's answers to form steps on their admin page (docs/product.md#form-steps), for admins and the member's leads.
 * Nothing is read until the reader presses 'Show answers' (each read is audited, and holds sensitive answers); then the
 * latest sending of each form, question by question, sensitive ones marked, a file question as a download of the
 * file (audited too), with each step's CSV export of everyone
 * the reader may see (without and with the sensitive questions).
 * @param email the member's address
 */
export function MemberAnswers({ email }: { email: string }) {
  const [shown, setShown] = useState(false);
  const query = useMemberAnswers(email, shown);
  const headingId = 'answers-heading';
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <h3 id={headingId} className="text-lg font-semibold">
        Form answers
      </h3>
      {!shown ? (
        <div className="space-y-2">
          <p className="text-sm text-slate-700">
            Answers can hold access needs, health and emergency contacts. Reading them is written to the audit log.
          </p>
          <Button type="button" variant="outline" onClick={() => setShown(true)}>
            Show answers
          </Button>
        </div>
      ) : query.isPending ? (
        <div role="status" className="space-y-2">
          <span className="sr-only">Loading the answers…</span>
          <Skeleton className="h-24 rounded-xl" />
        </div>
      ) : query.isError ? (
        <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-900">
          {query.error.message}
        </p>
      ) : query.data.forms.length === 0 ? (
        <p className="text-sm text-slate-600">No forms sent yet.</p>
      ) : (
        query.data.forms.map((form) => (
          <article
            key={form.stepId}
            aria-labelledby={`answers-${form.stepId}`}
            className="space-y-2 rounded-xl border border-slate-200 bg-white p-4"
          >
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h4 id={`answers-${form.stepId}`} className="font-semibold">
                {form.stepTitle}
              </h4>
              <p className="text-sm text-slate-600">
                {form.beforeFirstDay === true
                  ? `Sent before the first day, ${formatDateTime(form.submittedAt)}`
                  : `Sent ${formatDateTime(form.submittedAt)} (version ${form.version})`}
              </p>
            </div>
            <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
              {form.answers.map((answer) => (
                <div key={answer.fieldId} className="contents">
                  <dt className="font-medium text-slate-800">
                    {answer.label}
                    {answer.sensitive ? (
                      <Badge variant="outline" className="ml-2">
                        Sensitive
                      </Badge>
                    ) : null}
                  </dt>
                  <dd className="whitespace-pre-wrap text-slate-900">
                    {answer.file ? (
                      <a
                        href={apiPaths.adminMemberAnswerFile(email, answer.file.fileId)}
                        download
                        className="inline-flex items-center gap-1 font-semibold text-brand-700 hover:underline"
                      >
                        <FileDown aria-hidden="true" className="size-4" />
                        <span>
                          Download {answer.file.name}{' '}
                          <span className="font-normal">({sizeText(answer.file.size)})</span>
                        </span>
                      </a>
                    ) : answer.text === '' ? (
                      <span className="text-slate-600">Not answered</span>
                    ) : (
                      answer.text
                    )}
                  </dd>
                </div>
              ))}
            </dl>
            <p className="flex flex-wrap gap-4 text-sm">
              <a
                href={apiPaths.adminFormAnswersCsv(form.stepId, false)}
                download
                className="inline-flex items-center gap-1 font-semibold text-brand-700 hover:underline"
              >
                <FileDown aria-hidden="true" className="size-4" /> Export everyone's answers to this step (CSV)
              </a>
              <a
                href={apiPaths.adminFormAnswersCsv(form.stepId, true)}
                download
                className="inline-flex items-center gap-1 font-semibold text-brand-700 hover:underline"
              >
                <FileDown aria-hidden="true" className="size-4" /> With sensitive answers (CSV)
              </a>
            </p>
          </article>
        ))
      )}
    </section>
  );
}
