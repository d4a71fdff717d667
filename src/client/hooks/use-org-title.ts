import { titleWithOrgName } from '@shared/org';
import { useEffect } from 'react';

/**
 * Puts the configured organisation name into the page title (the built pages carry the default name).
 * @param orgName the configured name (ORG_NAME), or undefined while it loads
 */
export function useOrgTitle(orgName: string | undefined): void {
  useEffect(() => {
    if (orgName !== undefined) document.title = titleWithOrgName(document.title, orgName);
  }, [orgName]);
}
