import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Sign-ins first when the embedded database is busy (docs/reliability.md#a-room-signing-in-together, decision
 * docs/decisions/075-sign-ins-first-on-the-embedded-database.md). The embedded database runs one statement at a
 * time in the server's own thread: when a room works together, every request's statements queue behind everyone's,
 * and the queue drains without the thread reading new connections, so the last members to sign in waited more than
 * 10 s before the server even read their request. Here at most {@link WORK_GATE_LIMIT} members' API requests are served
 * at once; the others wait their turn in arrival order before any of their work is done, and a request whose browser has
 * gone while it waited is never served. Sign-in and sign-out (`/api/auth/…`) and the health check pass at once, so a
 * room working together never keeps the next person out; so does the admin area (`/api/admin/…`): its requests are few,
 * and some take seconds (a backup, a restore, an import), which in the line would hold places the room needs. The work
 * done is the same; only its order changes.
 */

/** API requests served at once on the embedded database (one connection: more would only queue in the database). */
export const WORK_GATE_LIMIT = 8;

/**
 * Route patterns that pass at once: signing in and out, the admin area (few requests, some long), and the health check
 * (a stuck probe is worse than a slow one).
 */
const PASSES_AT_ONCE = /^\/api\/(?:auth\/|admin\/|health$)/u;

/**
 * Whether a request waits its turn at the gate: API routes (matched by their route pattern, so no spelling of a path
 * escapes it), except those of {@link PASSES_AT_ONCE}. Pages, assets and unknown URLs pass.
 * @param request any request, routed
 * @returns true when it waits its turn
 */
export function waitsAtWorkGate(request: FastifyRequest): boolean {
  const pattern = request.routeOptions.url;
  return pattern !== undefined && pattern.startsWith('/api/') && !PASSES_AT_ONCE.test(pattern);
}

/** A first-come, first-served gate of `limit` places. */
export class WorkGate {
  #inside = 0;
  /** Those waiting, first first; each is called with its place already counted in {@link inside}. */
  readonly #waiting: (() => void)[] = [];

  /** @param limit how many may be inside at once (≥ 1) */
  constructor(readonly limit: number) {}

  /** How many are inside now (a place being handed on counts). */
  get inside(): number {
    return this.#inside;
  }

  /** How many wait now. */
  get waiting(): number {
    return this.#waiting.length;
  }

  /**
   * Waits for a place, in arrival order.
   * @param gone resolves when the one waiting no longer needs a place (its browser went away): it leaves the line
   * @returns `leave` (call it when done; later calls do nothing), or null when `gone` came first
   */
  async enter(gone: Promise<void>): Promise<(() => void) | null> {
    const at = this.enterNow();
    if (at !== null) return at;
    return new Promise((resolve) => {
      const admit = () => resolve(this.#leaver());
      this.#waiting.push(admit);
      void gone.then(() => {
        const at = this.#waiting.indexOf(admit);
        if (at === -1) return;
        this.#waiting.splice(at, 1);
        resolve(null);
      });
    });
  }

  /**
   * Takes a place at once, when one is free and nobody waits (the usual case: no waiting at all).
   * @returns `leave` (call it when done; later calls do nothing), or null when the caller must wait ({@link enter})
   */
  enterNow(): (() => void) | null {
    if (this.#inside >= this.limit || this.#waiting.length > 0) return null;
    this.#inside += 1;
    return this.#leaver();
  }

  /**
   * The one call that gives a place back. The place passes to the first one waiting on the event loop's next turn
   * (`setImmediate`), not at once: at once, a finished answer would start the next request's work in the same run of
   * promise callbacks, and a line of them would run one after another without the thread ever reading new
   * connections, the starvation this gate exists to end.
   */
  #leaver(): () => void {
    let left = false;
    return () => {
      if (left) return;
      left = true;
      if (this.#waiting.length === 0) {
        this.#inside -= 1;
        return;
      }
      setImmediate(() => {
        const next = this.#waiting.shift();
        if (next === undefined) this.#inside -= 1;
        else next();
      });
    };
  }
}

/**
 * Puts every API request of {@link waitsAtWorkGate} through a {@link WorkGate}, as the app's first `onRequest` hook:
 * a request's place is taken before its session is read and given back when its answer is sent or its connection
 * closes, whichever comes first. A request whose connection closed while it waited is dropped (hijacked: nothing runs).
 * @param app the app (register before any other onRequest hook)
 * @param gate the gate
 */
export function gateWork(app: FastifyInstance, gate: WorkGate): void {
  const waitForPlace = async (reply: FastifyReply): Promise<void> => {
    const gone = new Promise<void>((resolve) => reply.raw.once('close', resolve));
    const leave = await gate.enter(gone);
    if (leave === null) {
      reply.hijack();
      return;
    }
    if (reply.raw.closed) leave();
    else reply.raw.once('close', leave);
  };
  // A callback hook: a request that finds a place free (the usual case) goes on without a promise.
  app.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void) => {
    if (!waitsAtWorkGate(request)) return done();
    const leave = gate.enterNow();
    if (leave === null) {
      waitForPlace(reply).then(() => done(), done);
      return;
    }
    reply.raw.once('close', leave);
    done();
  });
}
