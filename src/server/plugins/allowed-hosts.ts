import { networkInterfaces } from 'node:os';
import type { FastifyRequest } from 'fastify';
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
  const isAllowed = (request: FastifyRequest): boolean => {
    const host = hostnameOf(request.host, false);
    if (host === null || !allowed.has(host)) return false;
    const origin = request.headers.origin;
    if (origin === undefined || origin === 'null') return true;
    const originHost = hostnameOf(origin, true);
    return originHost !== null && allowed.has(originHost);
  };
  app.addHook('onRequest', async (request) => {
    if (!isAllowed(request)) throw new HttpError(403, foreignHostMessage(config));
  });
});
