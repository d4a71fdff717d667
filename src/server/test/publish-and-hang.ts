/**
 * A child process for the publish atomicity test (modules/studio/publish-crash.test.ts): opens the database named by
 * `DATABASE_URL` (PostgreSQL) or `DATA_DIR` (embedded), publishes the latest catalog with one more role, and inside
 * the transaction — after the version, the audit entry and the draft's removal are written, before the commit —
 * prints `inside` and waits to be killed.
 */
import { migrate, openDatabase } from '../db/client.js';
import { latestVersion } from '../content/content.repository.js';
import { publishCatalog } from '../modules/studio/studio.service.js';

const url = process.env.DATABASE_URL;
const database = await openDatabase(url ? { url } : { dataDir: process.env.DATA_DIR ?? '' });
await migrate(database);
const latest = await latestVersion(database.db);
if (!latest) throw new Error('no content to publish over');
const volunteer = latest.catalog.find((c) => c.key === 'volunteer');
if (!volunteer) throw new Error('no volunteer role');
await publishCatalog(database.db, {
  configs: [...latest.catalog, { ...volunteer, key: 'half-published', displayName: 'Half published', aliases: [] }],
  kind: 'publish',
  restoredFrom: null,
  materialChanges: [],
  note: 'never committed',
  actor: { userId: null, email: 'crash@inspired2uplift.org' },
  at: new Date(),
  clearDraft: true,
  beforeCommit: async () => {
    process.stdout.write('inside\n');
    await new Promise(() => {});
  },
});
