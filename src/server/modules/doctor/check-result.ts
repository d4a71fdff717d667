/** What a check of the installation returns, and what the checks share (docs/operations.md#checking-an-installation). */

/** `ok`: fine; `warning`: works, but worth a look; `problem`: broken (the doctor exits 1); `skipped`: does not apply. */
export type CheckStatus = 'ok' | 'warning' | 'problem' | 'skipped';

/** The checks, in the order they run. */
export type CheckId =
  'env-file' | 'configuration' | 'database' | 'google' | 'workspace' | 'mail' | 'data-folder' | 'backups';

/** What one check found. */
export interface CheckResult {
  id: CheckId;
  /** A short name, e.g. "Google sign-in". */
  title: string;
  status: CheckStatus;
  /** What was found, in a sentence or two. */
  detail: string;
  /** How to fix it (with `warning` and `problem`). */
  fix?: string;
}

export const DEFAULT_TIMEOUT_MS = 10_000;

export const result = (id: CheckId, title: string, status: CheckStatus, detail: string, fix?: string): CheckResult =>
  fix === undefined ? { id, title, status, detail } : { id, title, status, detail, fix };

/** An error's message, with its cause's (fetch says only "fetch failed"; the cause says why). */
export const message = (error: unknown): string => {
  if (!(error instanceof Error)) return String(error);
  return error.cause instanceof Error ? `${error.message} (${error.cause.message})` : error.message;
};

/** Whether a file or folder can be read or written by users other than its owner and group (mode `o+rw`) or its group. */
export const openToOthers = (mode: number): boolean => (mode & 0o077) !== 0;

/** Resolves with the promise, or rejects with `what` after `ms`. */
export async function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`${what} within ${ms / 1000} s`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}
