import type { SecretName } from '../modules/secrets/shared-secrets.js';

/** Made-up values, one per secret, that no other text of the project contains. */
export const TEST_SECRET_VALUES: Readonly<Record<SecretName, string>> = {
  CHAPTERS_PASS: 'zq-Chapters-4f1c8e-secret',
  DESIGN_PASS: 'zq-Design-93ab07-secret',
  WIX_PASS: 'zq-Wix-5d2e61-secret',
  INSTAGRAM_PASS: 'zq-Instagram-0c7f3a-secret',
  FINANCE_PASS: 'zq-Finance-b8e412-secret',
  HR_PASS: 'zq-Hr-2a9d5c-secret',
  TEST_PASS: 'zq-Test-71f0b6-secret',
};
