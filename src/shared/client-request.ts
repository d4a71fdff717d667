/**
 * A header the app's own code sends with every API request (`x-requested-with: onboarding`). A page of another site
 * cannot add it to a navigation or a simple form post, and a cross-origin script cannot send it without a CORS preflight
 * that this server never grants; routes that hand out secrets require it (or `Sec-Fetch-Site: same-origin`).
 */
export const CLIENT_REQUEST_HEADER = { name: 'x-requested-with', value: 'onboarding' } as const;
