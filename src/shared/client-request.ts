/**
 * A header the app's own code sends with every API request (`x-requested-with: onboarding`). A page of another site
 * cannot add it to a navigation or a simple form post, and a cross-origin script cannot send it without a CORS preflight
 * that this server never grants; routes that hand out secrets require it (or `Sec-Fetch-Site: same-origin`).
 */
export const CLIENT_REQUEST_HEADER = { name: 'x-requested-with', value: 'onboarding' } as const;

/**
 * The request header that makes a form sending or quiz try count once (docs/reliability.md#a-send-that-counts-once;
 * the IETF draft "The Idempotency-Key HTTP Header Field", draft-ietf-httpapi-idempotency-key-header): a Structured
 * Field String of 1–64 letters, digits, `-` or `_`, e.g. `"8e03978e-40d5-43e8-bc93-6894a57f9324"`.
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
