import type { Person } from '@shared/api';
import { createContext, useContext } from 'react';

const NO_PEOPLE: readonly Person[] = [];

/**
 * The signed-in member's own lead(s) and buddy (docs/product.md#your-people), from GET /api/onboarding, for the
 * 'Your People' steps. Nobody outside a dashboard (the demo page, the studio's preview).
 */
export const PeopleContext = createContext<readonly Person[]>(NO_PEOPLE);

/** The member's people of {@link PeopleContext}. */
export function usePeople(): readonly Person[] {
  return useContext(PeopleContext);
}
