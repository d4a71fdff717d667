import { networkInterfaces } from 'node:os';
import type { Config } from '../env.js';
import { HttpError } from '../http-errors.js';
import { globalPlugin } from './global-plugin.js';

/** Host names that always mean this machine. */
const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '::1'];

/** Interfaces that mean "every address of this machine". */
const ANY_INTERFACE = new Set(['0.0.0.0', '::', '[::]']);

/** A host name without IPv6 brackets, in lower case (`[::1]` → `::1`). */
const bare = (hostname: string): string => hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1');

/**
 * The host names a development server answers to: the loopback names, `PUBLIC_URL`'s host, the `HOST` it listens on,
 * and — when that is every interface (`0.0.0.0`) — each address of this machine's network interfaces (a phone on the
 * same network may open it by the LAN address).
 * @param config `host` and `publicUrl`
 * @returns lower-case host names without ports or brackets
 */
export function allowedDevelopmentHosts(config: Pick<Config, 'host' | 'publicUrl'>): Set<string> {
  const names = new Set(LOOPBACK_NAMES);
  if (config.publicUrl !== undefined) names.add(bare(new URL(config.publicUrl).hostname));
  if (ANY_INTERFACE.has(config.host)) {
    for (const addresses of Object.values(networkInterfaces())) {
      for (const address of addresses ?? []) names.add(bare(address.address));
    }
  } else {
    names.add(bare(config.host));
  }
  return names;
}

/** The host name of a `Host` header value or of an origin URL, or null when it has none. */
function hostnameOf(value: string, isOrigin: boolean): string | null {
  try {
    return bare(new URL(isOrigin ? value : `http://${value}`).hostname);
  } catch {
    return null;
  }
}

/** The 403 message of a request to a development server under a name that is not its own. */
export function foreignHostMessage(config: Pick<Config, 'port'>): string {
  return `This development server only answers to its own names. Open it at http://localhost:${config.port}.`;
}

/**
 * DNS-rebinding protection of a development server: a web page can point a name of its own at 127.0.0.1 and then
 * talk to a development server there with the browser's help, reaching development sign-in. A development server
 * therefore answers only requests whose `Host` (and `Origin`, when sent) names one of
 * {@link allowedDevelopmentHosts}; anything else gets 403 `{ message: foreignHostMessage }` before routing.
 * A production server is reached through its `PUBLIC_URL` and a reverse proxy, and is not checked here.
 * @param config `isProduction`, `host`, `publicUrl`, `port`
 */
export const allowedHostsPlugin = globalPlugin<{ config: Config }>(async (app, { config }) => {
  if (config.isProduction) return;
  const allowed = allowedDevelopmentHosts(config);
  const isAllowed = (host: string, origin: string | undefined): boolean => {
    const hostname = hostnameOf(host, false);
    if (hostname === null || !allowed.has(hostname)) return false;
    if (origin === undefined || origin === 'null') return true;
    const originHost = hostnameOf(origin, true);
    return originHost !== null && allowed.has(originHost);
  };
  // The answer for each Host (and Origin) seen, so that a request does not parse them as URLs again: a browser sends
  // the same few values all day. Bounded, since anyone can send any value.
  const decided = new Map<string, boolean>();
  app.addHook('onRequest', (request, _reply, done) => {
    const { host } = request;
    const { origin } = request.headers;
    const key = origin === undefined ? host : `${host}\n${origin}`;
    let ok = decided.get(key);
    if (ok === undefined) {
      ok = isAllowed(host, origin);
      if (decided.size >= DECIDED_MAX_ENTRIES) decided.clear();
      decided.set(key, ok);
    }
    done(ok ? undefined : new HttpError(403, foreignHostMessage(config)));
  });
});

/** The most Host and Origin values whose answer {@link allowedHostsPlugin} keeps (all are forgotten when full). */
const DECIDED_MAX_ENTRIES = 256;
