#!/usr/bin/env node
/**
 * `npm run audit` (docs/architecture.md#security; run by .ci/run): `npm audit --omit=dev` over the production
 * dependencies. Exits 1 when the advisory database reports a high or critical finding, and prints every finding. When
 * the advisory database cannot be reached (some registries and proxies refuse its POST endpoint), nothing can be
 * judged: it says so plainly and exits 0, unless AUDIT_REQUIRED=1, when it exits 2.
 */
import { spawnSync } from 'node:child_process';

const run = spawnSync('npm', ['audit', '--omit=dev', '--json'], {
  encoding: 'utf8',
  shell: process.platform === 'win32',
});
let report;
try {
  report = JSON.parse(run.stdout);
} catch {
  console.error(`npm audit printed no JSON (exit ${run.status}):\n${run.stdout}\n${run.stderr}`);
  process.exit(1);
}

const counts = report.metadata?.vulnerabilities;
if (counts === undefined) {
  const why = report.error?.summary || report.message || 'no report';
  console.warn(`npm audit: NOT CHECKED: the advisory database could not be reached (${why}).`);
  process.exit(process.env.AUDIT_REQUIRED === '1' ? 2 : 0);
}

for (const [name, v] of Object.entries(report.vulnerabilities ?? {})) {
  const titles = (v.via ?? []).filter((x) => typeof x === 'object').map((x) => `${x.title} (${x.url})`);
  console.log(`${v.severity.padEnd(8)} ${name} ${v.range ?? ''}${titles.length > 0 ? `: ${titles.join('; ')}` : ''}`);
}
const serious = (counts.high ?? 0) + (counts.critical ?? 0);
console.log(
  `npm audit --omit=dev: ${counts.critical ?? 0} critical, ${counts.high ?? 0} high, ${counts.moderate ?? 0} moderate, ${counts.low ?? 0} low ` +
    `in ${report.metadata?.dependencies?.prod ?? '?'} production dependencies`,
);
process.exit(serious > 0 ? 1 : 0);
