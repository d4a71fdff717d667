import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { TestApp } from './test-app.js';
import { googleSessionOf, startGoogleTestApp, type GoogleTestApp } from './test-google.js';
import type { TestClaims } from './test-oidc-provider.js';
import { createTestSmtp, type TestSmtp } from './test-smtp.js';
import { DELEGATED } from './test-workspace.js';
import { WorkspacePeer } from './workspace-peer.js';

/**
 * The servers a server test file shares between its tests (docs/architecture.md#tests), each set up by one call at the
 * file's top level: started in a `beforeAll`, made fresh in a `beforeEach`, stopped in an `afterAll`.
 */

/**
 * A real SMTP server on loopback ({@link createTestSmtp}) for the calling test file: it listens before the file's
 * tests; before each test its inbox (`messages`, `abandoned`) is emptied and it answers at once again, refusing
 * nothing (`refuseNext`, `delayMs`, `commandDelayMs`, `answerAfterMs` and `peakHolding` back to their defaults); it is
 * closed after the file.
 * @returns the server, its `url` set once the file's `beforeAll` has run
 */
export function smtpForFile(): TestSmtp {
  const smtp = createTestSmtp();
  beforeAll(() => smtp.listen());
  beforeEach(() => {
    smtp.messages.length = 0;
    smtp.abandoned.length = 0;
    Object.assign(smtp, { refuseNext: 0, delayMs: 0, commandDelayMs: 0, answerAfterMs: undefined, peakHolding: 0 });
  });
  afterAll(() => smtp.close());
  return smtp;
}

/**
 * The local protocol peer of Google's Directory API ({@link WorkspacePeer}) for the calling test file: it listens
 * before the file's tests, is reset before each test (no users, groups, failures or requests), and is stopped after
 * the file.
 * @param adminEmail the administrator its service account acts as (default {@link DELEGATED})
 * @returns the peer, listening once the file's `beforeAll` has run
 */
export function workspacePeerForFile(adminEmail: string = DELEGATED): WorkspacePeer {
  const peer = new WorkspacePeer(adminEmail);
  beforeAll(async () => {
    await peer.listen();
  });
  beforeEach(() => peer.reset());
  afterAll(() => peer.stop());
  return peer;
}

/** The app of {@link googleAppForFile}, signing in with a local OpenID provider. */
export interface GoogleFileApp {
  /** The app; read it inside a test or hook (it is started by the file's `beforeAll`). */
  readonly t: TestApp;
  /**
   * A whole Google sign-in ({@link googleSessionOf}) as the account with `sub`, which must succeed.
   * @param sub the ID token's `sub`
   * @param claims its other claims (`email`, `name`…)
   * @returns the `cookie` header value of the session
   */
  signInAs(sub: string, claims?: TestClaims): Promise<string>;
}

/**
 * One app for the calling test file whose Google sign-in uses a local OpenID provider ({@link startGoogleTestApp}),
 * started before the file's tests and stopped after them: the tests share its database.
 * @param options as {@link startGoogleTestApp}'s (`env`: the app's further configuration)
 * @returns the app and a sign-in that must succeed
 */
export function googleAppForFile(options: Parameters<typeof startGoogleTestApp>[0]): GoogleFileApp {
  let google: GoogleTestApp | undefined;
  const started = (): GoogleTestApp => {
    if (google === undefined) throw new Error('The Google test app is started by the file’s beforeAll');
    return google;
  };
  beforeAll(async () => {
    google = await startGoogleTestApp(options);
  });
  afterAll(async () => {
    await google?.close();
  });
  return {
    get t() {
      return started().t;
    },
    signInAs: (sub, claims = {}) => googleSessionOf(started(), sub, claims),
  };
}
