/**
 * Every client route and the API/asset addresses the client uses, in one place (docs/architecture.md#code-conventions).
 */
export const paths = {
  home: { path: '/', getHref: () => '/' },
  login: { path: '/login', getHref: () => '/login' },
  dashboard: { path: '/dashboard/*', getHref: () => '/dashboard' },
  demo: { path: '/test', getHref: () => '/test' },
  /** The member's signed-in devices (docs/product.md#your-devices). */
  devices: { path: '/devices', getHref: () => '/devices' },
  /** The team tasks the signed-in person does for newcomers (docs/product.md#team-tasks). */
  myTasks: { path: '/tasks', getHref: () => '/tasks' },
  /** The admin console (docs/product.md#admin-area): members table, import, audit log. */
  admin: { path: '/admin', getHref: () => '/admin' },
  /** Charts of where people get stuck and how long onboarding takes (admins). */
  adminInsights: {
    path: '/admin/insights',
    getHref: (query = '') => `/admin/insights${query === '' ? '' : `?${query}`}`,
  },
  /** The admin console's members table with filters (`?role=…&currentStep=…`). */
  adminMembers: { path: '/admin', getHref: (query: URLSearchParams) => `/admin?${query.toString()}` },
  /** The admin console's members table, whatever the console's first page is (docs/product.md#launch-checklist). */
  adminMembersTab: { path: '/admin', getHref: () => '/admin?tab=members' },
  /** The content studio (docs/product.md#content-studio): roles, scopes and steps edited in the browser. */
  adminStudio: { path: '/admin/studio', getHref: () => '/admin/studio' },
  adminMember: {
    path: '/admin/members/:email',
    getHref: (email: string) => `/admin/members/${encodeURIComponent(email)}`,
  },
  /** Getting ready before the first day, from the link sent to the private address (docs/product.md#pre-boarding). */
  preboarding: { path: '/preboarding', getHref: () => '/preboarding' },
  /** The server's page that sends a new pre-boarding link (a plain page, not the app's). */
  preboardingNewLink: { path: '/preboarding/new-link', getHref: () => '/preboarding/new-link' },
} as const;

export const apiPaths = {
  config: '/api/config',
  me: '/api/me',
  devLogin: '/api/auth/dev-login',
  logout: '/api/auth/logout',
  googleStart: '/api/auth/google/start',
  onboarding: '/api/onboarding',
  /** The member's start day and due dates (docs/product.md#due-dates-and-reminders). */
  onboardingDue: '/api/onboarding/due',
  /** One's own onboarding, started on purpose (docs/product.md#who-starts-an-onboarding). */
  onboardingStart: '/api/onboarding/start',
  adminMemberMail: (email: string) => `/api/admin/members/${encodeURIComponent(email)}/mail`,
  adminOutbox: '/api/admin/outbox',
  adminOutboxMessage: (id: string) => `/api/admin/outbox/${encodeURIComponent(id)}`,
  adminDigest: '/api/admin/digest',
  stepProgress: (stepId: string) => `/api/progress/steps/${encodeURIComponent(stepId)}`,
  /** The progress the app's earlier version kept in the browser, imported once (docs/product.md#progress-rules). */
  progressImport: '/api/progress/import',
  stepItem: (stepId: string, itemId: string) =>
    `/api/progress/steps/${encodeURIComponent(stepId)}/items/${encodeURIComponent(itemId)}`,
  /** A form step's answers, draft and sending (docs/product.md#form-steps). */
  stepForm: (stepId: string) => `/api/steps/${encodeURIComponent(stepId)}/form`,
  stepFormDraft: (stepId: string) => `/api/steps/${encodeURIComponent(stepId)}/form/draft`,
  /** Uploads a file to a file question (POST, the file as the body). */
  stepFormUpload: (stepId: string, fieldId: string, name: string) =>
    `/api/steps/${encodeURIComponent(stepId)}/form/files/${encodeURIComponent(fieldId)}?name=${encodeURIComponent(name)}`,
  /** The member's own uploaded file. */
  stepFormFile: (stepId: string, fileId: string) =>
    `/api/steps/${encodeURIComponent(stepId)}/form/files/${encodeURIComponent(fileId)}`,
  /** A quiz step's tries (docs/product.md#quiz-steps). */
  stepQuiz: (stepId: string) => `/api/steps/${encodeURIComponent(stepId)}/quiz`,
  /** The member's own answers as a download. */
  myAnswers: (format: 'json' | 'csv') => `/api/answers/mine?format=${format}`,
  demo: '/api/demo',
  /** A shared-password step's password (docs/product.md#shared-passwords); the URL carries the step id only. */
  secret: (stepId: string) => `/api/secrets/${encodeURIComponent(stepId)}`,
  adminMembers: '/api/admin/members',
  adminMembersCsv: '/api/admin/members.csv',
  adminMember: (email: string) => `/api/admin/members/${encodeURIComponent(email)}`,
  adminMemberSignOut: (email: string) => `/api/admin/members/${encodeURIComponent(email)}/sign-out`,
  /** The pre-boarding page's API (docs/product.md#pre-boarding), under its own session. */
  preboarding: '/api/preboarding',
  preboardingStep: (stepId: string) => `/api/preboarding/steps/${encodeURIComponent(stepId)}`,
  preboardingForm: (stepId: string) => `/api/preboarding/steps/${encodeURIComponent(stepId)}/form`,
  preboardingFormDraft: (stepId: string) => `/api/preboarding/steps/${encodeURIComponent(stepId)}/form/draft`,
  preboardingSignOut: '/api/preboarding/sign-out',
  /** A member's private e-mail address (docs/product.md#private-e-mail-address): each read is audited. */
  adminMemberPrivateEmail: (email: string) => `/api/admin/members/${encodeURIComponent(email)}/private-email`,
  /** A member's buddy, and members suggested as one (docs/product.md#team-tasks). */
  adminMemberBuddy: (email: string) => `/api/admin/members/${encodeURIComponent(email)}/buddy`,
  adminMemberBuddySuggestions: (email: string) => `/api/admin/members/${encodeURIComponent(email)}/buddy-suggestions`,
  /** Team tasks (src/shared/team-tasks-api.ts). */
  myTeamTasks: '/api/team-tasks/mine',
  newcomerTeamTasks: (email: string) => `/api/team-tasks/newcomers/${encodeURIComponent(email)}`,
  teamTask: (id: string) => `/api/team-tasks/${encodeURIComponent(id)}`,
  /** A member's Google Workspace account (src/shared/workspace-api.ts). */
  adminMemberWorkspaceAccount: (email: string) => `/api/admin/members/${encodeURIComponent(email)}/workspace-account`,
  adminMemberWorkspaceGroups: (email: string) => `/api/admin/members/${encodeURIComponent(email)}/workspace-groups`,
  adminWorkspaceOrgUnits: '/api/admin/workspace/org-units',
  adminWorkspaceGroups: '/api/admin/workspace/groups',
  adminWorkspaceGroupsCheck: '/api/admin/workspace/groups-check',
  /** What the directory read found (src/shared/workspace-directory-api.ts). */
  adminWorkspaceDirectory: '/api/admin/workspace/directory',
  adminWorkspaceDirectoryRead: '/api/admin/workspace/directory/read',
  adminMemberDirectory: (email: string) => `/api/admin/members/${encodeURIComponent(email)}/directory`,
  adminMemberWorkspaceSuspension: (email: string) =>
    `/api/admin/members/${encodeURIComponent(email)}/workspace-suspension`,
  adminMemberLeave: (email: string) => `/api/admin/members/${encodeURIComponent(email)}/leave`,
  adminMemberAdjustments: (email: string) => `/api/admin/members/${encodeURIComponent(email)}/adjustments`,
  adminMemberAdjustment: (email: string, id: string) =>
    `/api/admin/members/${encodeURIComponent(email)}/adjustments/${encodeURIComponent(id)}`,
  adminMemberRevealedSecrets: (email: string) => `/api/admin/members/${encodeURIComponent(email)}/revealed-secrets`,
  adminSecrets: '/api/admin/secrets',
  adminSecret: (name: string) => `/api/admin/secrets/${encodeURIComponent(name)}`,
  adminSecretReveal: (name: string) => `/api/admin/secrets/${encodeURIComponent(name)}/reveal`,
  adminSecretRotated: (name: string) => `/api/admin/secrets/${encodeURIComponent(name)}/rotated`,
  adminRoles: '/api/admin/roles',
  adminDepartments: '/api/admin/departments',
  adminDepartment: (name: string) => `/api/admin/departments/${encodeURIComponent(name)}`,
  adminDepartmentsMove: '/api/admin/departments/move',
  adminImportPreview: '/api/admin/import/preview',
  adminImport: '/api/admin/import',
  adminAudit: '/api/admin/audit',
  /** One chart of the insights page, as JSON or (`csv`) as a CSV download. */
  adminInsight: (chart: string, query: URLSearchParams, csv = false) =>
    `/api/admin/insights/${chart}${csv ? '.csv' : ''}${query.size === 0 ? '' : `?${query.toString()}`}`,
  /** Signs a step that asks for a signature (typed full name and 'I have read and agree'). */
  signStep: (stepId: string) => `/api/acknowledgments/steps/${encodeURIComponent(stepId)}/signature`,
  /** A step's document as downloaded: a draft stamped "DRAFT" on every page. */
  stepDocument: (stepId: string) => `/api/steps/${encodeURIComponent(stepId)}/document.pdf`,
  /** The receipt PDF of a signature or completion record. */
  receipt: (recordId: string) => `/api/acknowledgments/${encodeURIComponent(recordId)}/receipt.pdf`,
  /** Whether a receipt PDF matches its signature record (the body is the PDF). */
  checkReceipt: '/api/acknowledgments/check-receipt',
  /** The signature records with a text or document SHA-256. */
  verifyHash: (hash: string) => `/api/acknowledgments/verify?hash=${encodeURIComponent(hash)}`,
  adminMemberAcknowledgments: (email: string) => `/api/admin/members/${encodeURIComponent(email)}/acknowledgments`,
  adminAcknowledgmentsCsv: '/api/admin/acknowledgments.csv',
  /** A member's form answers, for admins and their leads (each read audited; docs/product.md#form-steps). */
  adminMemberAnswers: (email: string) => `/api/admin/members/${encodeURIComponent(email)}/answers`,
  /** A file of a member's sending, for admins and their leads (each download audited). */
  adminMemberAnswerFile: (email: string, fileId: string) =>
    `/api/admin/members/${encodeURIComponent(email)}/answers/files/${encodeURIComponent(fileId)}`,
  /** One form step's answers of everyone the reader may see, as CSV; sensitive questions only when asked for. */
  adminFormAnswersCsv: (stepId: string, sensitive: boolean) =>
    `/api/admin/forms/${encodeURIComponent(stepId)}/answers.csv?sensitive=${sensitive ? 'include' : 'leave-out'}`,
  adminPendingAgreements: (stepId: string) =>
    `/api/admin/acknowledgments/pending${stepId === '' ? '' : `?stepId=${encodeURIComponent(stepId)}`}`,
  /** The content studio's routes (src/shared/studio-api.ts). */
  studio: '/api/studio',
  studioDraft: '/api/studio/draft',
  studioPublish: '/api/studio/publish',
  studioVersions: '/api/studio/versions',
  studioVersion: (version: number) => `/api/studio/versions/${version}`,
  studioRestore: (version: number) => `/api/studio/versions/${version}/restore`,
  studioAssets: '/api/studio/assets',
  studioUsage: '/api/studio/usage',
  studioTeamTasks: '/api/studio/team-tasks',
  studioRetakes: '/api/studio/retakes',
  studioAccess: '/api/studio/access',
} as const;

export const assetPaths = {
  logo: '/content/logo.svg',
} as const;
