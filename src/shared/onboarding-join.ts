import type { OnboardingResponse, RoleContent } from './api.js';

/** A scope as the dashboard shows it: its steps, as the role content carries them. */
type ShownScope = RoleContent['scopes'][number];

/**
 * A member's onboarding as the dashboard shows it: the answer of GET /api/onboarding (their own state) joined with
 * their role's content (GET /api/content/roles/:roleKey/:version), their adjustments applied
 * (docs/architecture.md#role-content).
 */
export type Onboarding = Omit<OnboardingResponse, 'content' | 'adjustments'> & { scopes: ShownScope[] };

/**
 * Scopes without some of their steps; a scope with no step left is left out (docs/product.md#per-person-adjustments).
 * @param scopes scopes, in order
 * @param skipped the ids of the steps to leave out
 * @returns the scopes kept (the same scope objects where none of their steps is left out)
 */
export function withoutSkippedSteps<S extends { steps: readonly { id: string }[] }>(
  scopes: readonly S[],
  skipped: ReadonlySet<string>,
): S[] {
  return scopes
    .map((scope) =>
      scope.steps.some((step) => skipped.has(step.id))
        ? { ...scope, steps: scope.steps.filter((step) => !skipped.has(step.id)) }
        : scope,
    )
    .filter((scope) => scope.steps.length > 0);
}

/**
 * A member's onboarding: their own answer joined with their role's content. The role's scopes without the steps
 * skipped for the member, then the scope of their extra steps (docs/product.md#per-person-adjustments), as the server
 * resolves a member's role (shared/adjustments.ts adjustScopes).
 * @param answer the answer of GET /api/onboarding
 * @param content the answer of the address it names (`answer.content`)
 * @returns the onboarding shown (without `content` and `adjustments`)
 */
export function joinOnboarding(answer: OnboardingResponse, content: RoleContent): Onboarding {
  const { content: _address, adjustments, ...own } = answer;
  // No adjustments: the role's scopes as they are (adjustScopes too leaves them as they are).
  if (adjustments === undefined) return { ...own, scopes: content.scopes };
  const { skipped, extraScope } = adjustments;
  const kept = withoutSkippedSteps(content.scopes, new Set(skipped));
  return { ...own, scopes: extraScope === null ? kept : [...kept, extraScope] };
}
