import type { Agreement } from '@shared/acknowledgments-api';
import type { Step } from '@shared/content-schema';
import FileDown from 'lucide-react/icons/file-down';
import RefreshCw from 'lucide-react/icons/refresh-cw';
import { apiPaths } from '@/config/paths';
import { formatShortDay, isoDayOf } from '@/lib/dates';

/** "3 Dec" from a day (YYYY-MM-DD) or an ISO time; with the year when it is not this year (docs/product.md#dates-and-times). */
export function shortDate(value: string, today = new Date()): string {
  return formatShortDay(value.length === 10 ? value : isoDayOf(value), today);
}

/**
 * On a step the member agreed to before: when it asks again, why ("Please read and agree again — this changed on
 * 3 Dec", with what changed; or that the agreement needs renewing); once signed, the receipt link.
 * @param step the step (its `versionDate`, `versionNote`, `renewEveryDays`)
 * @param agreement the member's latest agreement to it
 * @param completed whether the step is completed now
 */
export function AgreementNotice({
  step,
  agreement,
  completed,
}: {
  step: Step;
  agreement: Agreement;
  completed: boolean;
}) {
  if (!completed && agreement.due !== null) {
    const changedOn = step.versionDate ?? agreement.at;
    return (
      <div className="mt-2 flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950">
        <RefreshCw aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <div>
          {agreement.due === 'changed' ? (
            <>
              <p className="font-semibold">Please read and agree again — this changed on {shortDate(changedOn)}</p>
              {step.versionNote ? <p className="mt-0.5">What changed: {step.versionNote}</p> : null}
            </>
          ) : (
            <p className="font-semibold">
              Please read and agree again — you last agreed on {shortDate(agreement.at)}, and this needs renewing every{' '}
              {step.renewEveryDays} days.
            </p>
          )}
        </div>
      </div>
    );
  }
  if (completed && agreement.kind === 'signature' && agreement.due === null) {
    return (
      <a
        href={apiPaths.receipt(agreement.recordId)}
        download
        className="relative z-10 mt-2 inline-flex items-center gap-1.5 text-sm font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800"
      >
        <FileDown aria-hidden="true" className="size-4" />
        Download your signed receipt (PDF)
      </a>
    );
  }
  return null;
}
