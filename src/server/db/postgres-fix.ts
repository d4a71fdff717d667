/**
 * Which step of docs/operations.md#on-postgresql is missing, from PostgreSQL's answer: the exact command that makes it
 * (as the operating system's `postgres` user on the database server), or undefined for another failure.
 * @param error what connecting or querying threw (node-postgres errors carry PostgreSQL's SQLSTATE as `code`)
 * @param databaseUrl the DATABASE_URL tried (its user, host, port and database name are used; never its password)
 */
export function postgresFix(error: unknown, databaseUrl: string): string | undefined {
  // drizzle wraps the driver's error as its cause.
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  const code = (cause as { code?: unknown }).code;
  const text = cause instanceof Error ? cause.message : String(cause);
  const url = new URL(databaseUrl);
  const role = decodeURIComponent(url.username) || 'onboarding';
  const database = decodeURIComponent(url.pathname.slice(1)) || role;
  const where = `${url.hostname}:${url.port || '5432'}`;
  if (code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'ETIMEDOUT') {
    return `Nothing answers at ${where}: start PostgreSQL there (\`sudo systemctl start postgresql\`), or correct the host and port in DATABASE_URL (PostgreSQL's listen_addresses and port must include them).`;
  }
  if (code === '28000' && /role .* does not exist/u.test(text)) {
    return `The role ${role} does not exist. Create it: \`sudo -u postgres createuser --pwprompt ${role}\` (type the password of DATABASE_URL twice). docs/operations.md#on-postgresql`;
  }
  if (code === '28000' && /pg_hba\.conf/u.test(text)) {
    return `PostgreSQL does not let ${role} connect from this machine: add a line \`host ${database} ${role} <this machine's address>/32 scram-sha-256\` to pg_hba.conf, then \`sudo systemctl reload postgresql\`. docs/operations.md#on-postgresql`;
  }
  if (code === '28P01') {
    // With password authentication PostgreSQL does not say whether the role exists.
    return `PostgreSQL refused ${role} with the password of DATABASE_URL: either there is no role ${role} (create it: \`sudo -u postgres createuser --pwprompt ${role}\`, typing that password twice) or its password is another (set it: \`sudo -u postgres psql -c "\\password ${role}"\`). docs/operations.md#on-postgresql`;
  }
  if (code === '3D000') {
    return `The database ${database} does not exist. Create it, owned by ${role}: \`sudo -u postgres createdb --owner ${role} ${database}\`. docs/operations.md#on-postgresql`;
  }
  if (code === '42501') {
    return `${role} may not create the app's tables in ${database}. Make it the owner: \`sudo -u postgres psql -c "ALTER DATABASE ${database} OWNER TO ${role}"\` (a database made with createdb --owner already is). docs/operations.md#on-postgresql`;
  }
  return undefined;
}
