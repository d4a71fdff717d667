import type { Step } from './content-schema.js';

/** The step fields that say whether and how a step is acknowledged. */
export type AcknowledgedStep = Pick<
  Step,
  'isAcknowledgmentStep' | 'requiresScrollOrDownload' | 'signature' | 'version' | 'renewEveryDays'
>;

/** Most characters of a typed full name (a signature). */
export const SIGNED_NAME_MAX_LENGTH = 200;

/**
 * Whether completing a step is a record the organisation keeps (who agreed to which content, when): an
 * acknowledgment step, a step that asks the member to read a document, or a step that asks for a signature.
 */
export function needsAcknowledgment(step: AcknowledgedStep): boolean {
  return step.isAcknowledgmentStep || step.requiresScrollOrDownload || step.signature === true;
}

/** The content version of a step members agree to (the role configuration's `version`, default 1). */
export function stepVersion(step: Pick<Step, 'version'>): number {
  return step.version ?? 1;
}

/** Why an earlier agreement to a step no longer counts: the content changed, or the agreement lapsed. */
export type AgreementDue = 'changed' | 'renew';

/**
 * Whether a member's latest agreement to a step still counts.
 * @param step the step as the content has it now (`version`, `renewEveryDays`)
 * @param agreed the latest agreement: the version agreed to and when (`at`)
 * @param now the current time
 * @returns null when it still counts; 'changed' when it was to an older version; 'renew' when more than
 *   `renewEveryDays` days have passed since
 */
export function agreementDue(
  step: Pick<Step, 'version' | 'renewEveryDays'>,
  agreed: { version: number; at: Date },
  now: Date,
): AgreementDue | null {
  if (agreed.version < stepVersion(step)) return 'changed';
  if (step.renewEveryDays !== undefined && now.getTime() - agreed.at.getTime() >= step.renewEveryDays * 86_400_000) {
    return 'renew';
  }
  return null;
}
