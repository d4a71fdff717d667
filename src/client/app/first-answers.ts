import type { User } from '@shared/api';
import { joinOnboarding } from '@shared/onboarding-join';
import type { DocumentAnswer } from '@shared/document-answers';
import type { QueryClient } from '@tanstack/react-query';
import { apiPaths } from '@/config/paths';
import { setDateSettings } from '@/lib/dates';
import {
  appConfigDecoder,
  type Decoder,
  memberDueDecoder,
  meResponseDecoder,
  onboardingResponseDecoder,
  roleContentDecoder,
} from '@/lib/decoders';
import { getConfigQueryOptions } from '@/features/app-config/api/get-config';
import { getMeQueryOptions } from '@/features/auth/api/get-me';
import { getDueDatesQueryOptions } from '@/features/onboarding/api/get-due-dates';
import { getOnboardingQueryOptions, getRoleContentQueryOptions } from '@/features/onboarding/api/get-onboarding';

/** An answer's body when it is a 200 of the expected shape (as the query's own request would decode it), else undefined. */
function decoded<T>(answer: DocumentAnswer | undefined, decoder: Decoder<T>): T | undefined {
  if (answer?.status !== 200) return undefined;
  const parsed = decoder.safeParse(answer.body);
  return parsed.success ? parsed.data : undefined;
}

/**
 * Puts the dashboard's first API answers (src/shared/document-answers.ts dashboardAnswerPaths, and the role content the
 * onboarding answer names: dashboardFollowingPaths) into the query cache, as
 * its queries would have stored them: the same on the server, which renders the page from them, and in the browser,
 * which hydrates that HTML from the same answers (docs/decisions/030-dashboard-first-screen-from-the-server.md).
 * @param queryClient a query client with nothing in it yet
 * @param answers each API path's answer (status and JSON body); those missing or of another shape are left out, and
 *   the page asks for them itself
 * @returns the signed-in member, or undefined when the answers hold no member, their onboarding and their role's
 *   content (nothing is stored then)
 */
export function seedFirstAnswers(
  queryClient: QueryClient,
  answers: Readonly<Record<string, DocumentAnswer>>,
): User | undefined {
  const me = decoded(answers[apiPaths.me], meResponseDecoder);
  const onboarding = decoded(answers[apiPaths.onboarding], onboardingResponseDecoder);
  const content = onboarding && decoded(answers[onboarding.content], roleContentDecoder);
  if (me === undefined || onboarding === undefined || content === undefined) return undefined;
  queryClient.setQueryData(getMeQueryOptions().queryKey, me.user);
  queryClient.setQueryData(getRoleContentQueryOptions(onboarding.content).queryKey, content);
  queryClient.setQueryData(getOnboardingQueryOptions().queryKey, joinOnboarding(onboarding, content));
  const due = decoded(answers[apiPaths.onboardingDue], memberDueDecoder);
  if (due !== undefined) queryClient.setQueryData(getDueDatesQueryOptions().queryKey, due);
  const config = decoded(answers[apiPaths.config], appConfigDecoder);
  if (config !== undefined) {
    queryClient.setQueryData(getConfigQueryOptions().queryKey, config);
    setDateSettings(config.dates);
  }
  return me.user;
}
