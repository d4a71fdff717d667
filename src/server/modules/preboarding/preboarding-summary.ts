import { eq } from 'drizzle-orm';
import type { MemberPreboarding } from '../../../shared/admin-api.js';
import type { RoleCatalog } from '../../../shared/roles.js';
import type { Database } from '../../db/client.js';
import { preboardingRecords } from '../../db/schema.js';

/** The title of a step id anywhere in the published content (the id when no role has it). */
function titleOf(catalog: RoleCatalog, stepId: string): string {
  for (const config of catalog.values()) {
    for (const scope of config.scopes) {
      const step = scope.steps.find((s) => s.id === stepId);
      if (step !== undefined) return step.title;
    }
  }
  return stepId;
}

/**
 * What a member did before their first day, for their member page (docs/product.md#pre-boarding): when they first
 * opened their pre-boarding page, the steps they marked done and the forms they sent (titles and times only, never an
 * answer), whether they chose reading preferences, and when it all became theirs at the first Google sign-in.
 * @param db the database
 * @param catalog the published content (step titles)
 * @param email the member's address, lower case
 * @returns null when they never opened a pre-boarding link
 */
export async function preboardingSummary(
  db: Database,
  catalog: RoleCatalog,
  email: string,
): Promise<MemberPreboarding | null> {
  const [record] = await db.select().from(preboardingRecords).where(eq(preboardingRecords.email, email));
  if (record === undefined) return null;
  const entry = (e: { stepId: string; at: string }) => ({
    stepId: e.stepId,
    title: titleOf(catalog, e.stepId),
    at: e.at,
  });
  return {
    firstOpenedAt: record.firstOpenedAt?.toISOString() ?? null,
    joinedAt: record.joinedAt?.toISOString() ?? null,
    steps: record.steps.map(entry),
    formsSent: record.sentForms.map(entry),
  };
}
