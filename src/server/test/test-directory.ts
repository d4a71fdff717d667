import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { jwtVerify } from 'jose';

/** What the stand-in directory knows about one member. */
export interface StandInMember {
  organizations?: { title?: string; department?: string; primary?: boolean }[];
  /** The photo's bytes and type, or none. */
  photo?: { data: Buffer; mimeType: string };
}

const SERVICE_ACCOUNT = 'onboarding-directory@onboarding-test.iam.gserviceaccount.com';
const ACCESS_TOKEN = 'stand-in-access-token';
const SCOPE = 'https://www.googleapis.com/auth/admin.directory.user.readonly';

/** Encodes bytes the way the Directory API does ("web-safe" base64: '-', '_' and '*' for '+', '/' and '='). */
function webSafeBase64(data: Buffer): string {
  return data.toString('base64').replace(/\+/gu, '-').replace(/\//gu, '_').replace(/=/gu, '*');
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
}

/**
 * A local stand-in of the Google Admin SDK Directory API and of Google's OAuth token endpoint, for tests of the
 * optional Workspace directory (docs/product.md#member-records, docs/product.md#profile-pictures). It checks
 * what Google checks of a service account's JWT bearer assertion (RS256 signature with the account's key, iss, sub =
 * the administrator, aud = its token URI, the directory scope) and the bearer token of every directory request, and
 * answers `users/{email}` and `users/{email}/photos/thumbnail` like the real API (404 for an unknown member or photo).
 */
export class TestDirectory {
  /** The members by lower-case e-mail; change per test. */
  members = new Map<string, StandInMember>();
  /** When true, every directory request answers 503. */
  down = false;
  /** How many access tokens were issued. */
  tokensIssued = 0;

  private constructor(
    private readonly server: Server,
    private readonly dir: string,
    /** Base URL, the GOOGLE_DIRECTORY_API_URL of the app under test. */
    readonly apiUrl: string,
    /** Path of the service account key file, GOOGLE_SERVICE_ACCOUNT_KEY_FILE. */
    readonly keyFile: string,
  ) {}

  /**
   * Starts the stand-in on a free port of 127.0.0.1 and writes a service account key file for it.
   * @param adminEmail the administrator the service account must act as
   */
  static async start(adminEmail: string): Promise<TestDirectory> {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const dir = mkdtempSync(path.join(tmpdir(), 'onboarding-test-directory-'));
    const keyFile = path.join(dir, 'service-account.json');
    const started: { directory?: TestDirectory } = {};
    const server = createServer((req, res) => {
      if (!started.directory) return send(res, 503, {});
      started.directory
        .handle(req, res, publicKey, adminEmail)
        .catch(() => send(res, 500, { error: 'stand-in failure' }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    writeFileSync(
      keyFile,
      JSON.stringify({
        type: 'service_account',
        client_email: SERVICE_ACCOUNT,
        private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
        token_uri: `${apiUrl}/token`,
      }),
    );
    started.directory = new TestDirectory(server, dir, apiUrl, keyFile);
    return started.directory;
  }

  private async handle(
    req: IncomingMessage,
    res: ServerResponse,
    publicKey: KeyObject,
    adminEmail: string,
  ): Promise<void> {
    const url = new URL(req.url ?? '/', this.apiUrl);
    if (req.method === 'POST' && url.pathname === '/token') {
      const form = new URLSearchParams(await readBody(req));
      if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer')
        return send(res, 400, { error: 'unsupported_grant_type' });
      try {
        const { payload } = await jwtVerify(form.get('assertion') ?? '', publicKey, {
          algorithms: ['RS256'],
          issuer: SERVICE_ACCOUNT,
          subject: adminEmail,
          audience: `${this.apiUrl}/token`,
        });
        if (payload.scope !== SCOPE) return send(res, 400, { error: 'invalid_scope' });
      } catch {
        return send(res, 400, { error: 'invalid_grant' });
      }
      this.tokensIssued += 1;
      return send(res, 200, { access_token: ACCESS_TOKEN, expires_in: 3599, token_type: 'Bearer' });
    }
    if (this.down) return send(res, 503, { error: { code: 503, message: 'Backend Error' } });
    if (req.headers.authorization !== `Bearer ${ACCESS_TOKEN}`) return send(res, 401, { error: { code: 401 } });
    const match = /^\/admin\/directory\/v1\/users\/([^/]+)(\/photos\/thumbnail)?$/u.exec(url.pathname);
    const member = match ? this.members.get(decodeURIComponent(match[1] ?? '').toLowerCase()) : undefined;
    if (!match || !member) return send(res, 404, { error: { code: 404, message: 'Resource Not Found: userKey' } });
    if (match[2] === undefined) return send(res, 200, { organizations: member.organizations });
    if (!member.photo) return send(res, 404, { error: { code: 404, message: 'Resource Not Found: photo' } });
    return send(res, 200, { photoData: webSafeBase64(member.photo.data), mimeType: member.photo.mimeType });
  }

  /** Stops the stand-in and removes the key file. */
  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
    rmSync(this.dir, { recursive: true, force: true });
  }
}
