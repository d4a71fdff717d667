/** Host names that count as local development (SPEC §5 "localhost"). */
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Whether the page is served from this machine (SPEC §8: confirmations get the ' (dev)' suffix locally). */
export function isLocalHost(hostname: string = window.location.hostname): boolean {
  return LOCAL_HOSTS.has(hostname);
}
