import { eq } from 'drizzle-orm';
import { adjustScopes } from '../../../shared/adjustments.js';
import type { RoleConfiguration, Step } from '../../../shared/content-schema.js';
import type { PreboardingPage, PreboardingStep } from '../../../shared/preboarding-api.js';
import { preferencesFrom } from '../../../shared/preferences.js';
import { resolveMemberRole } from '../../../shared/role-lookup.js';
import { inheritedRoles, RoleConfigurationError, type RoleCatalog } from '../../../shared/roles.js';
import type { Database } from '../../db/client.js';
import { preboardingRecords } from '../../db/schema.js';
import { adjustmentRule, listStepAdjustments } from '../member-overview/index.js';
import { listPeopleOf } from '../members/index.js';
import { preboardingForm } from './preboarding-answers.js';
import { addDays } from '../../calendar.js';
import { PREBOARDING_DAYS_AFTER_START, preboardingEndsAt, type PreboardingPerson } from './preboarding-links.js';

/**
 * What the pre-boarding page shows (docs/product.md#pre-boarding): the welcome, the first day, who meets the newcomer
 * (names only) and the steps of their role marked "before the first day" — never a shared password, a signature, an
 * acknowledgment, a contact list or a quiz, whatever the content marks ({@link isPreboardingStep}).
 */

/**
 * Whether a step may be shown before the first day: marked so, and asking nothing that needs the member's Google
 * account or shows others' data — no shared password, signature, acknowledgment, contacts, PDF to sign, quiz or
 * checklist of records. The content check refuses such a mark too; this holds whatever is published.
 */
export function isPreboardingStep(step: Step): boolean {
  return (
    step.beforeFirstDay === true &&
    step.envVariable === undefined &&
    step.signature !== true &&
    !step.isAcknowledgmentStep &&
    !step.isContactStep &&
    !step.isChecklistStep &&
    !step.requiresScrollOrDownload &&
    step.quiz === undefined
  );
}

/**
 * The steps a member may do before their first day, in their role's order, after their adjustments (a step skipped
 * for them is not shown).
 * @param db the database
 * @param catalog the published content
 * @param person the member
 * @returns the steps, or none when their role text names no configuration that resolves
 */
export async function preboardingSteps(db: Database, catalog: RoleCatalog, person: PreboardingPerson): Promise<Step[]> {
  let resolved;
  try {
    resolved = resolveMemberRole(catalog, person.role).role;
  } catch (error) {
    if (error instanceof RoleConfigurationError) return [];
    throw error;
  }
  const adjustments = (await listStepAdjustments(db, person.email)).map(adjustmentRule);
  return adjustScopes(resolved.scopes, adjustments)
    .flatMap((scope) => scope.steps)
    .filter(isPreboardingStep);
}

/** The first day's details of a role: its own `firstDay`, else the first one of the roles it inherits. */
function firstDayOf(catalog: RoleCatalog, key: string): RoleConfiguration['firstDay'] {
  for (const candidate of [key, ...inheritedRoles(catalog, key)]) {
    const firstDay = catalog.get(candidate)?.firstDay;
    if (firstDay !== undefined) return firstDay;
  }
  return undefined;
}

/**
 * The pre-boarding page of a member.
 * @param deps the database, the published content, and the organisation's name, support address, locale and zone
 * @param person a member who may pre-board
 */
export async function preboardingPage(
  deps: {
    db: Database;
    catalog: RoleCatalog;
    orgName: string;
    supportEmail: string;
    locale: string;
    timeZone: string;
  },
  person: PreboardingPerson & { startOn: string },
): Promise<PreboardingPage> {
  const { db, catalog } = deps;
  let roleKey = '';
  let roleLabel = person.role;
  try {
    const resolved = resolveMemberRole(catalog, person.role).role;
    roleKey = resolved.key;
    roleLabel = resolved.displayName;
  } catch (error) {
    if (!(error instanceof RoleConfigurationError)) throw error;
  }
  const steps = await preboardingSteps(db, catalog, person);
  const [record] = await db.select().from(preboardingRecords).where(eq(preboardingRecords.email, person.email));
  const done = new Map<string, string>();
  for (const entry of [...(record?.steps ?? []), ...(record?.sentForms ?? [])]) done.set(entry.stepId, entry.at);
  // Names only: nobody's address, picture or anything else (a name that is the address means none is known).
  const people = await listPeopleOf(db, { email: person.email, department: person.department, buddy: person.buddy });
  const nameOf = (p: (typeof people)[number]) => (p.name === p.email ? null : p.name);
  const buddy = people.find((p) => p.relations.includes('buddy'));
  const firstDay = roleKey === '' ? undefined : firstDayOf(catalog, roleKey);
  return {
    orgName: deps.orgName,
    supportEmail: deps.supportEmail,
    roleLabel,
    department: person.department,
    startOn: person.startOn,
    firstDay: {
      time: firstDay?.time ?? null,
      place: firstDay?.place ?? null,
      callLink: firstDay?.callLink ?? null,
      details: firstDay?.details ?? [],
    },
    people: {
      leads: people.filter((p) => p.relations.includes('lead')).flatMap((p) => nameOf(p) ?? []),
      buddy: buddy === undefined ? null : (nameOf(buddy) ?? 'Your buddy (name to be confirmed)'),
    },
    steps: steps.map((step): PreboardingStep => ({
      id: step.id,
      title: step.title,
      description: step.description,
      icon: step.icon,
      details: step.content.details,
      tasks: step.content.tasks,
      helpfulLinks: step.content.helpfulLinks,
      ...(step.footnote === undefined ? {} : { footnote: step.footnote }),
      ...(step.easyRead === undefined ? {} : { easyRead: step.easyRead }),
      ...(step.form === undefined ? {} : { form: preboardingForm(step.form) }),
      doneAt: done.get(step.id) ?? null,
    })),
    preferences: preferencesFrom(record?.preferences ?? {}),
    endsAt: preboardingEndsAt(person.startOn, deps.timeZone).toISOString(),
    closesOn: addDays(person.startOn, PREBOARDING_DAYS_AFTER_START),
    locale: deps.locale,
    timeZone: deps.timeZone,
  };
}

/**
 * The steps a member did before their first day (marked done, or a form sent), by id.
 * @param db the database
 * @param email the member's address, lower case
 */
export async function preboardingDoneStepIds(db: Database, email: string): Promise<Set<string>> {
  const [record] = await db.select().from(preboardingRecords).where(eq(preboardingRecords.email, email));
  return new Set([...(record?.steps ?? []), ...(record?.sentForms ?? [])].map((s) => s.stepId));
}
