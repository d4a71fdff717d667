import type { SecretRefusalReason } from '@shared/secret-access';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '@/config/paths';
import { ApiError, NETWORK_ERROR_MESSAGE } from '@/lib/api-client';
import { secretRefusalDecoder, secretResponseDecoder } from '@/lib/decoders';

/** A shared password as the server answered: its value, why it is hidden, or that it is not set. */
export type SharedPassword =
  | { kind: 'revealed'; value: string; changedOn?: string }
  | { kind: 'hidden'; reason: SecretRefusalReason }
  | { kind: 'not-set' };

/**
 * GET /api/secrets/:stepId — a shared-password step's password (docs/product.md#shared-passwords). Asked with
 * `cache: 'no-store'` (the server also forbids storing it). A refusal (401 / 403 with a reason) is an answer, not an
 * error: it becomes `{ kind: 'hidden', reason }`, so the placeholder shows the refusal's tooltip, and a 401 here does
 * not sign the person out of the page.
 * @throws ApiError on other failures (404 for a step that is not theirs, 5xx, no connection)
 */
export async function getSecret(stepId: string, { signal }: { signal?: AbortSignal } = {}): Promise<SharedPassword> {
  let response: Response;
  try {
    response = await fetch(apiPaths.secret(stepId), {
      headers: { Accept: 'application/json' },
      credentials: 'same-origin',
      cache: 'no-store',
      ...(signal ? { signal } : {}),
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, NETWORK_ERROR_MESSAGE);
  }
  const json: unknown = await response.json().catch(() => undefined);
  if (response.ok) {
    const parsed = secretResponseDecoder.safeParse(json);
    if (!parsed.success)
      throw new ApiError(response.status, 'The server sent an answer this page does not understand.');
    if (parsed.data.value === null) return { kind: 'not-set' };
    const { changedOn } = parsed.data;
    return changedOn === undefined
      ? { kind: 'revealed', value: parsed.data.value }
      : { kind: 'revealed', value: parsed.data.value, changedOn };
  }
  const refusal = secretRefusalDecoder.safeParse(json);
  if ((response.status === 401 || response.status === 403) && refusal.success) {
    return { kind: 'hidden', reason: refusal.data.reason };
  }
  throw new ApiError(response.status, `The password could not be loaded (error ${response.status}).`);
}

/**
 * Query options of one step's password. Never kept: it is asked again each time the step is opened
 * (`staleTime` 0) and dropped from memory as soon as no open step shows it (`gcTime` 0), so it never outlives the
 * step, the page or the person signed in. Not retried: a refusal is final, and a failure keeps the placeholder.
 */
export function getSecretQueryOptions(stepId: string) {
  return queryOptions({
    queryKey: ['secret', stepId] as const,
    queryFn: ({ signal }) => getSecret(stepId, { signal }),
    staleTime: 0,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });
}

/** The password of a shared-password step, asked from the server while the calling component is mounted. */
export function useSecret(stepId: string) {
  return useQuery(getSecretQueryOptions(stepId));
}
