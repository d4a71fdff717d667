/** Query keys shared by more than one feature (e.g. the global 401 handler clears the signed-in user). */
export const queryKeys = {
  me: ['me'] as const,
  config: ['config'] as const,
  onboarding: ['onboarding'] as const,
};
