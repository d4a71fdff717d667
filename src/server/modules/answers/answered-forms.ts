import { DEFAULT_DATE_SETTINGS, type DateSettings } from '../../../shared/dates.js';
import { type MemberFormAnswers } from '../../../shared/answers-api.js';
import type { Step } from '../../../shared/content-schema.js';
import { resolveMemberRole } from '../../../shared/role-lookup.js';
import { RoleConfigurationError, type RoleCatalog } from '../../../shared/roles.js';
import { answerText, isFileAnswer } from '../../../shared/step-answers.js';
import type { Database } from '../../db/client.js';
import type { SecretBox } from '../secrets/index.js';
import { latestSubmissions, type StoredFormAnswers } from './answers.repository.js';

/** The form steps of the published content and of a person's role, and the answered forms an admin or lead reads (docs/product.md#form-steps). */

/** Every form step of a list of steps, with its form. */
const formSteps = (steps: readonly Step[]) =>
  steps.flatMap((step) => (step.form === undefined ? [] : [{ step, form: step.form }]));

/** The form step of the published content with this id (the first one, as step ids are unique per scope). */
export function formStepById(
  catalog: RoleCatalog,
  stepId: string,
): { step: Step; form: NonNullable<Step['form']> } | null {
  for (const config of catalog.values()) {
    for (const scope of config.scopes) {
      const found = formSteps(scope.steps).find(({ step }) => step.id === stepId);
      if (found) return found;
    }
  }
  return null;
}

/** The steps of a person's role (by their role text), or none when it names no configuration. */
export function stepsOfRole(catalog: RoleCatalog, roleText: string): Step[] {
  try {
    return resolveMemberRole(catalog, roleText).role.scopes.flatMap((scope) => scope.steps);
  } catch (error) {
    if (error instanceof RoleConfigurationError) return [];
    throw error;
  }
}

/**
 * The latest sending of each form of a member, question by question as text, in the order of their role's steps;
 * forms the member sent that their role no longer has follow, by their stored field ids.
 * @param db the database
 * @param box the keys (SECRETS_KEY)
 * @param userId the member's user, or null before their first sign-in
 * @param steps the steps of their role
 * @param sentBeforeFirstDay forms sent before the first day and not joined to the user yet (docs/product.md#pre-boarding),
 *   by step id: shown where the user has no sending of that step, marked `beforeFirstDay`
 * @param dates the organisation's locale and time zone (date answers are written its way)
 * @throws SecretsKeyError when sealed answers do not open with the configured keys
 */
export async function answeredForms(
  db: Database,
  box: SecretBox,
  userId: string | null,
  steps: readonly Step[],
  sentBeforeFirstDay: ReadonlyMap<string, StoredFormAnswers> = new Map(),
  dates: DateSettings = DEFAULT_DATE_SETTINGS,
): Promise<MemberFormAnswers['forms']> {
  const latest = userId === null ? new Map<string, StoredFormAnswers>() : await latestSubmissions(db, box, userId);
  const early = new Set<string>();
  for (const [stepId, sent] of sentBeforeFirstDay) {
    if (latest.has(stepId)) continue;
    latest.set(stepId, sent);
    early.add(stepId);
  }
  const marked = (stepId: string) => (early.has(stepId) ? { beforeFirstDay: true } : {});
  const forms: MemberFormAnswers['forms'] = [];
  for (const { step, form } of formSteps(steps)) {
    const sent = latest.get(step.id);
    if (!sent) continue;
    latest.delete(step.id);
    forms.push({
      stepId: step.id,
      stepTitle: step.title,
      version: sent.version,
      submittedAt: sent.savedAt.toISOString(),
      ...marked(step.id),
      answers: form.fields.map((field) => {
        const value = sent.answers[field.id];
        return {
          fieldId: field.id,
          label: field.label,
          sensitive: field.sensitive,
          text: answerText(field, value, dates),
          ...(isFileAnswer(value) ? { file: value } : {}),
        };
      }),
    });
  }
  for (const sent of latest.values()) {
    forms.push({
      stepId: sent.stepId,
      stepTitle: sent.stepId,
      version: sent.version,
      submittedAt: sent.savedAt.toISOString(),
      ...marked(sent.stepId),
      answers: Object.entries(sent.answers).map(([fieldId, value]) => ({
        fieldId,
        label: fieldId,
        sensitive: false,
        text: isFileAnswer(value) ? value.name : Array.isArray(value) ? value.join('; ') : String(value),
        ...(isFileAnswer(value) ? { file: value } : {}),
      })),
    });
  }
  return forms;
}
