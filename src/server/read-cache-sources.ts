import { listAcknowledgmentsOfUser } from './modules/acknowledgments/index.js';
import { toApiUser } from './modules/auth/index.js';
import { adjustmentRule, listStepAdjustments } from './modules/member-overview/index.js';
import { getMember, listPeopleOf } from './modules/members/index.js';
import { loadProgressOfRecord } from './modules/progress/index.js';
import { listMyTeamTasks } from './modules/team-tasks/index.js';
import type { ReadCacheSources } from './plugins/read-cache.js';

/**
 * The modules' queries the read cache reads on a miss, through their public files. app.ts hands them to the cache,
 * which sits below the modules and imports none of them (docs/architecture.md#modules;
 * docs/decisions/068-nothing-below-the-modules-imports-them.md).
 */
export const readCacheSources: ReadCacheSources = {
  apiUser: toApiUser,
  member: getMember,
  adjustments: async (db, email) => (await listStepAdjustments(db, email)).map(adjustmentRule),
  people: listPeopleOf,
  progressOfRecord: loadProgressOfRecord,
  myTeamTasks: listMyTeamTasks,
  acknowledgments: (db, userId) => listAcknowledgmentsOfUser(db, userId),
};
