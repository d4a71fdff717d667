import type { FastifyRequest } from 'fastify';
import type { StepAdjustmentRule } from '../../../shared/adjustments.js';
import type { User } from '../../../shared/api.js';
import type { RoleLookupResult } from '../../../shared/role-lookup.js';
import type { RoleCatalog } from '../../../shared/roles.js';
import type { CatalogSource } from '../../content/published-content.js';
import { lookUpRole } from '../../content/resolved-roles.js';
import type { Database } from '../../db/client.js';
import type { Config } from '../../env.js';
import { globalPlugin } from '../../plugins/global-plugin.js';
import type { ReadCache } from '../../plugins/read-cache.js';
import { deepFreeze, isDeepFrozen } from '../../deep-freeze.js';
import { getMember, type MemberRow } from './members.repository.js';

/** The role of a signed-in person, as decided by {@link memberRoleOf}. */
export interface MemberRole {
  /** Where the role came from: an admin-managed member record, or the user's own record (volunteer / Operations). */
  source: 'member-record' | 'user';
  /**
   * The role text before lookup, e.g. 'Treasurer' (the secret-access rule of docs/product.md#shared-passwords also
   * compares it).
   */
  roleText: string;
  /**
   * The role lookup of docs/product.md#role-lookup applied to `roleText`: the configuration key, how it matched, and
   * any problem.
   */
  lookup: RoleLookupResult;
  department: string;
  /** An admin: listed in ADMIN_EMAILS, or marked admin in the member record (docs/product.md#admin-area). */
  isAdmin: boolean;
  /** The departments this person leads, as written in the member record (read-only admin access to them). */
  leadOf: readonly string[];
  /** A content editor (member record). */
  isEditor: boolean;
  /**
   * The person's adjustments of their steps (docs/product.md#per-person-adjustments), oldest first; absent or empty:
   * none. Set by {@link memberRolePlugin} from the read cache.
   */
  adjustments?: readonly StepAdjustmentRule[];
}

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The published catalog this request reads (content/published-content.ts), taken once when it starts, so that one
     * request never mixes two versions.
     */
    catalog: RoleCatalog;
    /** The signed-in person's role, set with `user` for /api/* requests; null without a session. */
    memberRole: MemberRole | null;
    /** The catalog `catalog` took for this request, once it was first read (null before). */
    takenCatalog: RoleCatalog | null;
  }
}

/**
 * Decides the role and department of a signed-in person (docs/product.md#member-records). The admin-managed member
 * record for the e-mail address wins; without one, the role and department stored with the user apply — volunteer /
 * Operations, unless a sign-in filled them in (e.g. from the Workspace directory). The role text is always resolved
 * through the role lookup of docs/product.md#role-lookup, so 'Treasurer' and 'Director of Finance and Operations' both
 * mean `finance`; text that matches nothing means `volunteer` with the lookup's problem message. Never throws for
 * unknown role text. The lookup is worked out once per role text (content/resolved-roles.ts).
 * @param catalog all role configurations, for the lookup
 * @param user the signed-in user (its stored `email`, `role`, `department`)
 * @param member the member record of `user.email`, if there is one
 * @param adminEmails lower-case ADMIN_EMAILS
 * @returns the role text, its lookup, the department, the admin flag, the departments led and the editor flag
 */
export function memberRoleOf(
  catalog: RoleCatalog,
  user: Pick<User, 'email' | 'role' | 'department'>,
  member:
    (Pick<MemberRow, 'role' | 'department' | 'isAdmin'> & Partial<Pick<MemberRow, 'leadOf' | 'isEditor'>>) | undefined,
  adminEmails: readonly string[],
): MemberRole {
  const roleText = member ? member.role : user.role;
  return {
    source: member ? 'member-record' : 'user',
    roleText,
    lookup: lookUpRole(catalog, roleText),
    department: member ? member.department : user.department,
    isAdmin: adminEmails.includes(user.email.toLowerCase()) || (member?.isAdmin ?? false),
    leadOf: member?.leadOf ?? [],
    isEditor: member?.isEditor ?? false,
  };
}

/**
 * A user as the API shows them once their member record is applied: `role` is the resolved role configuration key,
 * `roleText` the role text when it says more than that key, and `department` the decided department (see
 * {@link memberRoleOf}). The member-role plugin does this for every
 * signed-in request; a sign-in route should do it for the user it answers with, so that the sign-in answer and
 * GET /api/me agree.
 * @param db the database (the member record is read by the user's e-mail)
 * @param catalog all role configurations, for the lookup
 * @param adminEmails lower-case ADMIN_EMAILS
 * @param user the stored user, in its API shape
 * @returns the user with role, department and admin flag applied, and the member role behind them
 * @throws the database error when the member record cannot be read
 */
export async function applyMemberRole(
  db: Database,
  catalog: RoleCatalog,
  adminEmails: readonly string[],
  user: User,
): Promise<{ user: User; memberRole: MemberRole }> {
  return applyMemberRecord(catalog, adminEmails, user, await getMember(db, user.email));
}

/**
 * {@link applyMemberRole} with the member record (or its absence) already read, e.g. from the read cache.
 * @param catalog all role configurations, for the lookup
 * @param adminEmails lower-case ADMIN_EMAILS
 * @param user the stored user, in its API shape
 * @param member the member record of `user.email`; null or undefined when there is none
 * @returns the user with role, department and admin flag applied, and the member role behind them
 */
export function applyMemberRecord(
  catalog: RoleCatalog,
  adminEmails: readonly string[],
  user: User,
  member: MemberRow | null | undefined,
): { user: User; memberRole: MemberRole } {
  const memberRole = memberRoleOf(catalog, user, member ?? undefined, adminEmails);
  // The role text itself only when it says more than the key (free text such as "Director of Finance and Operations").
  const { roleText } = memberRole;
  const saysMore = roleText.trim().toLowerCase() !== memberRole.lookup.key;
  return {
    user: {
      ...user,
      role: memberRole.lookup.key,
      department: memberRole.department,
      isAdmin: memberRole.isAdmin,
      ...(saysMore ? { roleText } : {}),
      leadOf: [...memberRole.leadOf],
      isEditor: memberRole.isEditor,
    },
    memberRole,
  };
}

/** What {@link memberRolePlugin} needs. */
export interface MemberRolePluginOptions extends Record<string, unknown> {
  /** Where the member records are read (plugins/read-cache.ts). */
  reads: ReadCache;
  config: Pick<Config, 'adminEmails'>;
  /** The published content (its current catalog is taken for each request). */
  content: CatalogSource;
}

/**
 * Applies the member record to every signed-in /api/* request (docs/product.md#member-records): sets
 * `request.memberRole` (see {@link memberRoleOf}) and replaces `request.user.role` with the resolved configuration
 * key and `request.user.department` with the decided department ({@link applyMemberRole}), so GET /api/me and every
 * route see the same role. Register it after the sessions plugin: its hook runs after the one that sets
 * `request.user`. The member record is read through the read cache. A failing read of the member record fails the
 * request like the session read before it (the defaults of docs/product.md#member-records apply for records that do not
 * exist, not for a database that does not answer).
 */
export const memberRolePlugin = globalPlugin<MemberRolePluginOptions>(async (app, { reads, config, content }) => {
  app.decorateRequest('memberRole', null);
  // The first read of request.catalog takes the current catalog for the rest of the request.
  app.decorateRequest('takenCatalog', null);
  app.decorateRequest('catalog', {
    getter(this: FastifyRequest): RoleCatalog {
      this.takenCatalog ??= content.catalog;
      return this.takenCatalog;
    },
  });
  const applied = new AppliedMemberRecords(config.adminEmails);
  app.addHook('onRequest', async (request) => {
    const { catalog } = request;
    if (request.user === null) return;
    const [member, adjustments] = await Promise.all([
      reads.member(request.user.email),
      reads.adjustments(request.user.email),
    ]);
    // A person marked as having left has no access at all, whatever session they still hold (their sessions are ended
    // when they are marked; this covers a session started by another process in the same instant).
    if (member !== null && member.leftAt !== null) {
      request.user = null;
      request.authSession = null;
      return;
    }
    const { user, memberRole } = applied.of(catalog, request.user, member, adjustments);
    request.user = user;
    request.memberRole = memberRole;
  });
});

/** What a signed-in request's user and member role become once the member record is applied. */
interface AppliedMemberRecord {
  user: User;
  memberRole: MemberRole;
}

/** The key of "no member record" in {@link AppliedMemberRecords}. */
const NO_MEMBER_RECORD = deepFreeze({});

/**
 * {@link applyMemberRecord} with the person's adjustments, made once per session user, member record, adjustments
 * and catalog (docs/architecture.md#read-cache-and-change-feed): the read cache and the published content hand out
 * the same frozen values until they change, so a signed-in request in the steady state builds neither its user nor its
 * member role again; any change of one of them (a new member record, new adjustments, a new content version, a user
 * read again) is a new value, and so a new answer at once. Values that are not frozen (not from the read cache) are
 * applied each time. The answers are frozen: one request cannot change them for the next.
 */
class AppliedMemberRecords {
  readonly #adminEmails: readonly string[];
  readonly #made = new WeakMap<
    User,
    WeakMap<object, WeakMap<readonly StepAdjustmentRule[], WeakMap<RoleCatalog, AppliedMemberRecord>>>
  >();

  constructor(adminEmails: readonly string[]) {
    this.#adminEmails = adminEmails;
  }

  /**
   * @param catalog the request's catalog
   * @param user the session's user (the read cache's frozen value)
   * @param member the member record of the user's address, or null
   * @param adjustments the person's adjustments, oldest first
   */
  of(
    catalog: RoleCatalog,
    user: User,
    member: MemberRow | null,
    adjustments: readonly StepAdjustmentRule[],
  ): AppliedMemberRecord {
    const make = () => {
      const made = applyMemberRecord(catalog, this.#adminEmails, user, member);
      return { user: made.user, memberRole: { ...made.memberRole, adjustments } };
    };
    const memberKey = member ?? NO_MEMBER_RECORD;
    if (!isDeepFrozen(user) || !isDeepFrozen(memberKey) || !isDeepFrozen(adjustments)) return make();
    const byMember = remembered(this.#made, user, () => new WeakMap());
    const byAdjustments = remembered(byMember, memberKey, () => new WeakMap());
    const byCatalog = remembered(byAdjustments, adjustments, () => new WeakMap());
    return remembered(byCatalog, catalog, () => deepFreeze(make()));
  }
}

/** The value of `key` in `map`, made by `make` and kept the first time. */
function remembered<K extends object, V>(map: WeakMap<K, V>, key: K, make: () => V): V {
  let value = map.get(key);
  if (value === undefined) {
    value = make();
    map.set(key, value);
  }
  return value;
}
