/** The organisation's name when ORG_NAME is not set; also shown until the configured name has loaded. */
export const DEFAULT_ORG_NAME = 'INSPIRED 2 UPLIFT';

/**
 * The page title with the organisation's name: the built pages are titled with {@link DEFAULT_ORG_NAME}, and a
 * configured name replaces it once known.
 * @param title the document's title, e.g. 'Onboarding · INSPIRED 2 UPLIFT'
 * @param orgName the configured organisation name
 * @returns the title naming `orgName`, e.g. 'Onboarding · Example Youth Network'
 */
export function titleWithOrgName(title: string, orgName: string): string {
  return title.replaceAll(DEFAULT_ORG_NAME, orgName);
}
