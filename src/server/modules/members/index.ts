/**
 * Member records and the role they decide (docs/product.md#member-records): the module's one public file; other modules
 * import only this.
 */
export { leftSignInMessage, refuseIfLeft } from './left-members.js';
export { applyMemberRecord, applyMemberRole, memberRolePlugin, type MemberRole } from './member-role.js';
export {
  COMMAND_LINE_ACTOR,
  endMemberSessions,
  markMemberLeft,
  markMemberRejoined,
  removeMemberRecord,
  setMemberBuddy,
  setMemberRecord,
  type BuddyRefusal,
  type MemberWriteActor,
} from './member-writes.service.js';
export { getMember, listPeopleOf, type MemberRow } from './members.repository.js';
export {
  checkedPrivateEmail,
  clearPrivateEmailsAfterLeaving,
  readPrivateEmail,
  setPrivateEmail,
} from './private-email.js';
export {
  isOnboarding,
  markInvited,
  startOwnOnboarding,
  startsOnboardingAtFirstSignIn,
  type OwnOnboardingStart,
} from './onboarding-start.js';
export { resolveRoleOfRequest } from './role-of-request.js';
