import { onboardingResponseSchema, type OnboardingResponse, resolvedScopeSchema, type RoleContent } from '@shared/api';
import type { Onboarding } from '@shared/onboarding-join';

/**
 * The dashboard's onboarding in tests: fixtures are written as the dashboard shows them (shared/onboarding-join.ts
 * `Onboarding`, the role's scopes in it), and sent as the server sends them: the member's answer of GET /api/onboarding,
 * which names the address of the role's content, and that content (docs/architecture.md#role-content).
 */

/** An onboarding as the dashboard shows it, with the schema's defaults filled in. */
export const onboardingViewSchema = onboardingResponseSchema
  .omit({ content: true, adjustments: true })
  .extend({ scopes: resolvedScopeSchema.array() });

/** A short fingerprint of a text (FNV-1a, 32 bits, hexadecimal): the test content's version. */
function fingerprint(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return hash.toString(16).padStart(8, '0');
}

/**
 * The two answers an onboarding is sent as.
 * @param view an onboarding as the dashboard shows it (members without adjustments)
 * @returns the member's answer, the address it names and the content there
 */
export function onboardingAnswers(view: Onboarding): {
  answer: OnboardingResponse;
  path: string;
  content: RoleContent;
} {
  const { scopes, ...own } = view;
  const content = { scopes };
  const path = `/api/content/roles/${encodeURIComponent(view.role.key)}/${fingerprint(JSON.stringify(content))}`;
  return { answer: { ...own, content: path }, path, content };
}

/** Whether a JSON body is an onboarding as the dashboard shows it (with `scopes`), not as the server sends it. */
export function isOnboardingView(body: unknown): body is Onboarding {
  return typeof body === 'object' && body !== null && 'scopes' in body && !('content' in body);
}
