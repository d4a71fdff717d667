/** Host names that count as local development (docs/product.md#role-preview). */
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Whether the page is served from this machine (docs/product.md#exact-texts: confirmations get the ' (dev)' suffix
 * locally).
 */
export function isLocalHost(hostname: string = window.location.hostname): boolean {
  return LOCAL_HOSTS.has(hostname);
}
