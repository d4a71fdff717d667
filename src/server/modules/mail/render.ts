/**
 * The words and markup of the messages (docs/product.md#due-dates-and-reminders): plain text plus accessible HTML
 * (a real heading, a list, links that say where they go, a `lang`, enough contrast) in the organisation's colours.
 * Pure functions of what is due; the sender calls them at send time, so a message says what is true when it leaves.
 */

/** The organisation's brand colours in messages (the app's brand-700 on white, brand-50 for the panel). */
export const BRAND = { accent: '#4338ca', panel: '#eef2ff', text: '#111827', muted: '#374151' } as const;

/** One message, ready for nodemailer. */
export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

/** A step in a reminder: its title, due date as the member reads it, and the link that opens it. */
export interface ReminderStep {
  title: string;
  /** "Due Fri 5 Dec", "Due today" or "Overdue by 2 days". */
  dueLabel: string;
  overdue: boolean;
  url: string;
}

/** Text made safe for a message's HTML. */
export const escapeHtml = (value: string): string =>
  value.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/**
 * A whole HTML message: the organisation's name, the body and the footer, in the messages' accessible layout.
 * @param title the subject (also the document's title and the article's label)
 * @param orgName the organisation's name
 * @param body HTML
 * @param footer HTML
 */
export function page(title: string, orgName: string, body: string, footer: string): string {
  return `<!doctype html>
<html lang="en-GB">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:0;background:#ffffff;color:${BRAND.text};font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5">
<div role="article" aria-label="${escapeHtml(title)}" style="max-width:600px;margin:0 auto;padding:24px">
<p style="margin:0 0 16px;color:${BRAND.accent};font-weight:bold;font-size:18px">${escapeHtml(orgName)}</p>
${body}
<p style="margin:32px 0 0;color:${BRAND.muted};font-size:14px">${footer}</p>
</div>
</body>
</html>`;
}

/** "Hello Sam," from a person's name (its first word), or "Hello," when there is none. */
const helloOf = (name: string): string => (name.trim() === '' ? 'Hello,' : `Hello ${name.trim().split(/\s+/)[0]},`);

/** A message's button: a link to the app that looks like a button, saying where it goes. */
const button = (url: string, label: string): string =>
  `<p style="margin:16px 0"><a href="${escapeHtml(url)}" style="display:inline-block;background:${BRAND.accent};color:#ffffff;padding:10px 16px;border-radius:6px;text-decoration:none;font-weight:bold">${escapeHtml(label)}</a></p>`;

/**
 * The body of a message that lists what is due: the subject as its heading, the greeting and introduction, the items in
 * a panel, then a button to the app.
 * @param parts the texts (plain), `items` the list's `<li>` elements (HTML), `button` the app's link and its label
 */
function listBody(parts: { subject: string; hello: string; intro: string; items: string; button: [string, string] }) {
  return `<h1 style="margin:0 0 16px;font-size:22px">${escapeHtml(parts.subject)}</h1>
<p style="margin:0 0 12px">${escapeHtml(parts.hello)}</p>
<p style="margin:0 0 16px">${escapeHtml(parts.intro)}</p>
<div style="background:${BRAND.panel};border-radius:8px;padding:16px 16px 4px">
<ul style="margin:0;padding:0 0 0 20px">
${parts.items}
</ul>
</div>
${button(...parts.button)}`;
}

/**
 * A member's reminder: every step due soon or overdue, each with its own link.
 * @param input the member's first name (or whole name), the steps in the order of the dashboard, the dashboard's
 *   address, the unsubscribe address, the organisation's name and the support address
 */
export function renderReminder(input: {
  name: string;
  steps: ReminderStep[];
  dashboardUrl: string;
  unsubscribeUrl: string;
  orgName: string;
  supportEmail: string;
}): RenderedMail {
  const overdue = input.steps.filter((s) => s.overdue).length;
  const subject =
    overdue > 0
      ? `${overdue === 1 ? '1 onboarding step is' : `${overdue} onboarding steps are`} overdue`
      : `${input.steps.length === 1 ? 'An onboarding step is' : `${input.steps.length} onboarding steps are`} due soon`;
  const hello = helloOf(input.name);
  const intro =
    'This is a friendly reminder about your onboarding. Take the steps below one at a time, at your own pace. ' +
    'Each link opens that step.';
  const help = `Stuck, or need more time or support? Reply to ${input.supportEmail} and we will help.`;
  const text = [
    hello,
    '',
    intro,
    '',
    ...input.steps.flatMap((s) => [`- ${s.title} (${s.dueLabel})`, `  ${s.url}`]),
    '',
    `All your steps: ${input.dashboardUrl}`,
    '',
    help,
    '',
    `You get these reminders because you are onboarding with ${input.orgName}.`,
    `Stop these reminders: ${input.unsubscribeUrl}`,
  ].join('\n');
  const items = input.steps
    .map(
      (
        s,
      ) => `<li style="margin:0 0 12px"><a href="${escapeHtml(s.url)}" style="color:${BRAND.accent};font-weight:bold">${escapeHtml(s.title)}</a><br>
<span style="color:${s.overdue ? '#b91c1c' : BRAND.muted}">${escapeHtml(s.dueLabel)}</span></li>`,
    )
    .join('\n');
  const body = `${listBody({ subject, hello, intro, items, button: [input.dashboardUrl, 'Open all your onboarding steps'] })}
<p style="margin:0">${escapeHtml(help)}</p>`;
  const footer = `You get these reminders because you are onboarding with ${escapeHtml(input.orgName)}. <a href="${escapeHtml(
    input.unsubscribeUrl,
  )}" style="color:${BRAND.accent}">Stop these reminders</a>.`;
  return { subject, text, html: page(subject, input.orgName, body, footer) };
}

/**
 * The welcome of an invited person: what the app is for them and a link to sign in.
 * @param input their name ('' before they ever signed in), their role's label and department, the sign-in address,
 *   the organisation's name and the support address
 */
export function renderWelcome(input: {
  name: string;
  roleLabel: string;
  department: string;
  signInUrl: string;
  orgName: string;
  supportEmail: string;
}): RenderedMail {
  const subject = `Welcome to ${input.orgName}: your onboarding is ready`;
  const hello = helloOf(input.name);
  const intro =
    `Welcome to ${input.orgName}! Your onboarding is ready: a few steps, one at a time, for your role as ` +
    `${input.roleLabel} in ${input.department}.`;
  const how = 'Sign in with your organisation Google account to see them.';
  const help = `Questions, or something does not work? Write to ${input.supportEmail} and we will help.`;
  const text = [hello, '', intro, '', how, `Sign in: ${input.signInUrl}`, '', help].join('\n');
  const body = `<h1 style="margin:0 0 16px;font-size:22px">${escapeHtml(`Welcome to ${input.orgName}`)}</h1>
<p style="margin:0 0 12px">${escapeHtml(hello)}</p>
<p style="margin:0 0 12px">${escapeHtml(intro)}</p>
<p style="margin:0 0 16px">${escapeHtml(how)}</p>
${button(input.signInUrl, 'Sign in to your onboarding')}
<p style="margin:0">${escapeHtml(help)}</p>`;
  const footer = `You get this message because an admin of ${escapeHtml(input.orgName)} invited you.`;
  return { subject, text, html: page(subject, input.orgName, body, footer) };
}

/** One person in a digest section. */
export interface DigestPerson {
  name: string;
  email: string;
  /** e.g. "Volunteer · Operations · 40 %" or "2 steps overdue". */
  detail: string;
  url: string;
}

/** The digest's sections, in order. */
export interface DigestSections {
  started: DigestPerson[];
  finished: DigestPerson[];
  stalled: DigestPerson[];
  overdue: DigestPerson[];
}

const SECTION_TITLES: Record<keyof DigestSections, string> = {
  started: 'Started this week',
  finished: 'Finished this week',
  stalled: 'Stalled (no step completed for a while)',
  overdue: 'Overdue steps',
};

/** The title of the digest's Google Workspace section (docs/product.md#google-workspace-accounts). */
export const WORKSPACE_SECTION_TITLE = 'Google Workspace: needs you';

/**
 * An admin's (or department lead's) digest: who started, finished, stalled or is overdue, each with a link to their
 * member page; for admins also, when there are any, the Google Workspace changes that failed (first, so none is
 * missed).
 * @param input the sections, the failed Workspace changes (people and what failed; omitted or empty: no section),
 *   who it is for ('all departments' or their names), the admin area's address, the address that turns the digest
 *   off, and the organisation's name
 */
export function renderDigest(input: {
  sections: DigestSections;
  workspace?: DigestPerson[];
  scope: string;
  adminUrl: string;
  settingsUrl: string;
  orgName: string;
}): RenderedMail {
  const s = input.sections;
  const subject = `Onboarding digest: ${s.started.length} started, ${s.finished.length} finished, ${s.stalled.length} stalled, ${s.overdue.length} overdue`;
  const keys = Object.keys(SECTION_TITLES) as (keyof DigestSections)[];
  const workspace = input.workspace ?? [];
  const text = [
    `Onboarding digest for ${input.scope}.`,
    '',
    ...(workspace.length === 0
      ? []
      : [
          `${WORKSPACE_SECTION_TITLE} (${workspace.length})`,
          ...workspace.map((p) => `- ${p.name || p.email} (${p.detail}): ${p.url}`),
          '',
        ]),
    ...keys.flatMap((k) => [
      `${SECTION_TITLES[k]} (${s[k].length})`,
      ...(s[k].length === 0 ? ['  Nobody.'] : s[k].map((p) => `- ${p.name || p.email} (${p.detail}): ${p.url}`)),
      '',
    ]),
    `The admin area: ${input.adminUrl}`,
    `Turn this digest off: ${input.settingsUrl}`,
  ].join('\n');
  const sections = keys
    .map((k) => {
      const list =
        s[k].length === 0
          ? `<p style="margin:0 0 16px;color:${BRAND.muted}">Nobody.</p>`
          : `<ul style="margin:0 0 16px;padding:0 0 0 20px">${s[k]
              .map(
                (p) =>
                  `<li style="margin:0 0 6px"><a href="${escapeHtml(p.url)}" style="color:${BRAND.accent}">${escapeHtml(p.name || p.email)}</a> — ${escapeHtml(p.detail)}</li>`,
              )
              .join('\n')}</ul>`;
      return `<h2 style="margin:24px 0 8px;font-size:18px">${escapeHtml(SECTION_TITLES[k])} (${s[k].length})</h2>\n${list}`;
    })
    .join('\n');
  const workspaceSection =
    workspace.length === 0
      ? ''
      : `<h2 style="margin:24px 0 8px;font-size:18px">${escapeHtml(WORKSPACE_SECTION_TITLE)} (${workspace.length})</h2>
<ul style="margin:0 0 16px;padding:0 0 0 20px">${workspace
          .map(
            (p) =>
              `<li style="margin:0 0 6px"><a href="${escapeHtml(p.url)}" style="color:${BRAND.accent}">${escapeHtml(p.name || p.email)}</a> — ${escapeHtml(p.detail)}</li>`,
          )
          .join('\n')}</ul>\n`;
  const body = `<h1 style="margin:0 0 8px;font-size:22px">Onboarding digest</h1>
<p style="margin:0 0 8px">For ${escapeHtml(input.scope)}.</p>
${workspaceSection}${sections}
<p style="margin:16px 0"><a href="${escapeHtml(input.adminUrl)}" style="color:${BRAND.accent};font-weight:bold">Open the admin area</a></p>`;
  const footer = `<a href="${escapeHtml(input.settingsUrl)}" style="color:${BRAND.accent}">Turn this digest off</a> in the admin area.`;
  return { subject, text, html: page('Onboarding digest', input.orgName, body, footer) };
}

/** A team task in an e-mail: what to do, for whom, when it is due as the reader reads it. */
export interface MailedTeamTask {
  title: string;
  /** The newcomer's name (or address) it is for. */
  newcomer: string;
  /** "Due today" or "Overdue by 2 days". */
  dueLabel: string;
  overdue: boolean;
  /**
   * Made late (docs/product.md#team-tasks): due the day it was made, so the person had no notice; the mail says it is
   * urgent.
   */
  urgent?: boolean;
}

/**
 * The e-mail of the team tasks a person has due today or overdue (docs/product.md#team-tasks).
 * @param input the person's name ('' when unknown), their tasks, the "My tasks" page's address, the organisation's name
 */
export function renderTeamTasks(input: {
  name: string;
  tasks: MailedTeamTask[];
  tasksUrl: string;
  orgName: string;
}): RenderedMail {
  const overdue = input.tasks.filter((t) => t.overdue).length;
  const urgent = input.tasks.filter((t) => t.urgent === true && !t.overdue).length;
  const count = input.tasks.length;
  const dueToday = `${count === 1 ? 'a task for a newcomer is' : `${count} tasks for newcomers are`} due today`;
  const subject =
    overdue > 0
      ? `${overdue === 1 ? '1 task for a newcomer is' : `${overdue} tasks for newcomers are`} overdue`
      : urgent > 0
        ? `Urgent: ${dueToday}`
        : `${dueToday.charAt(0).toUpperCase()}${dueToday.slice(1)}`;
  const hello = helloOf(input.name);
  const intro =
    urgent > 0
      ? 'Someone new is counting on you, and there is little time: a newcomer was added late, so a task that would ' +
        'have been due earlier is due today. Please do it today if you can. These tasks for the people you welcome are due:'
      : 'Someone new is counting on you. These tasks for the people you welcome are due:';
  const labelOf = (t: MailedTeamTask) => (t.urgent === true && !t.overdue ? `${t.dueLabel}, urgent` : t.dueLabel);
  const text = [
    hello,
    '',
    intro,
    '',
    ...input.tasks.map((t) => `- ${t.title}, for ${t.newcomer} (${labelOf(t)})`),
    '',
    `Mark them done on your tasks page: ${input.tasksUrl}`,
    '',
    `You get this because you help newcomers onboard with ${input.orgName}.`,
  ].join('\n');
  const items = input.tasks
    .map(
      (t) => `<li style="margin:0 0 12px"><strong>${escapeHtml(t.title)}</strong>, for ${escapeHtml(t.newcomer)}<br>
<span style="color:${t.overdue || t.urgent === true ? '#b91c1c' : BRAND.muted}">${escapeHtml(labelOf(t))}</span></li>`,
    )
    .join('\n');
  const body = listBody({ subject, hello, intro, items, button: [input.tasksUrl, 'Open your tasks'] });
  const footer = `You get this because you help newcomers onboard with ${escapeHtml(input.orgName)}.`;
  return { subject, text, html: page(subject, input.orgName, body, footer) };
}
