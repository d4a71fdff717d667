import { BRAND, escapeHtml, page, type RenderedMail } from './render.js';

/**
 * The words of the messages sent to a newcomer's private address before their first day (docs/product.md#pre-boarding):
 * the welcome with the pre-boarding link, a new link asked for, and the content's timed messages. Each carries a link
 * to the pre-boarding page, which works once.
 */

/** What every pre-boarding message names. */
interface Common {
  /** The pre-boarding link (its token works once). */
  linkUrl: string;
  /** The first day in words ('Monday 14 December 2026'). */
  startDay: string;
  orgName: string;
  supportEmail: string;
}

const button = (url: string, label: string) =>
  `<p style="margin:16px 0"><a href="${escapeHtml(url)}" style="display:inline-block;background:${BRAND.accent};color:#ffffff;padding:10px 16px;border-radius:6px;text-decoration:none;font-weight:bold">${escapeHtml(label)}</a></p>`;

const LINK_NOTE =
  'The link works once and only for you: please do not forward this e-mail. If it has stopped working, the page it opens lets you ask for a new one.';

/**
 * The welcome to the private address: what the page is for and the link.
 * @param input the link, the first day in words, the role's label, the organisation's name and support address
 */
export function renderPreboardingWelcome(input: Common & { roleLabel: string }): RenderedMail {
  const subject = `Welcome to ${input.orgName}: get ready for your first day`;
  const intro = `Welcome to ${input.orgName}! You start as ${input.roleLabel} on ${input.startDay}.`;
  const what =
    'Before then, you can see what happens on your first day and who will meet you, and tell us what helps you take part (for example captions, breaks or a quiet space), so we can get it ready.';
  const help = `Questions? Write to ${input.supportEmail} and we will help.`;
  const text = ['Hello,', '', intro, '', what, '', `Get ready: ${input.linkUrl}`, '', LINK_NOTE, '', help].join('\n');
  const body = `<h1 style="margin:0 0 16px;font-size:22px">${escapeHtml(`Welcome to ${input.orgName}`)}</h1>
<p style="margin:0 0 12px">Hello,</p>
<p style="margin:0 0 12px">${escapeHtml(intro)}</p>
<p style="margin:0 0 16px">${escapeHtml(what)}</p>
${button(input.linkUrl, 'Get ready for your first day')}
<p style="margin:0 0 12px">${escapeHtml(LINK_NOTE)}</p>
<p style="margin:0">${escapeHtml(help)}</p>`;
  const footer = `You get this message because an admin of ${escapeHtml(input.orgName)} invited you and gave this address.`;
  return { subject, text, html: page(subject, input.orgName, body, footer) };
}

/**
 * A new link the person asked for on the page of a used or old link.
 * @param input the link, the first day in words, the organisation's name and support address
 */
export function renderPreboardingNewLink(input: Common): RenderedMail {
  const subject = `Your new link to get ready for ${input.orgName}`;
  const intro = `Here is the new link you asked for. It opens your page to get ready for your first day, ${input.startDay}.`;
  const notYou = 'You did not ask for it? Then you can ignore this e-mail: nothing changes.';
  const text = [
    'Hello,',
    '',
    intro,
    '',
    `Get ready: ${input.linkUrl}`,
    '',
    LINK_NOTE,
    '',
    notYou,
    '',
    `Questions? Write to ${input.supportEmail}.`,
  ].join('\n');
  const body = `<h1 style="margin:0 0 16px;font-size:22px">${escapeHtml(subject)}</h1>
<p style="margin:0 0 12px">Hello,</p>
<p style="margin:0 0 16px">${escapeHtml(intro)}</p>
${button(input.linkUrl, 'Get ready for your first day')}
<p style="margin:0 0 12px">${escapeHtml(LINK_NOTE)}</p>
<p style="margin:0">${escapeHtml(notYou)}</p>`;
  const footer = `You get this message because someone asked for a new link for this address on the ${escapeHtml(input.orgName)} onboarding site.`;
  return { subject, text, html: page(subject, input.orgName, body, footer) };
}

/**
 * A timed message of the content ('N days before the start date').
 * @param input the content's subject and paragraphs, the link, the first day in words, the unsubscribe address, the
 *   organisation's name and support address
 */
export function renderPreboardingMail(
  input: Common & { subject: string; paragraphs: readonly string[]; unsubscribeUrl: string },
): RenderedMail {
  const text = [
    'Hello,',
    '',
    ...input.paragraphs.flatMap((p) => [p, '']),
    `Your page to get ready: ${input.linkUrl}`,
    '',
    LINK_NOTE,
    '',
    `Questions? Write to ${input.supportEmail}.`,
    '',
    `Stop these messages: ${input.unsubscribeUrl}`,
  ].join('\n');
  const body = `<h1 style="margin:0 0 16px;font-size:22px">${escapeHtml(input.subject)}</h1>
<p style="margin:0 0 12px">Hello,</p>
${input.paragraphs.map((p) => `<p style="margin:0 0 12px">${escapeHtml(p)}</p>`).join('\n')}
${button(input.linkUrl, 'Open my page to get ready')}
<p style="margin:0 0 12px">${escapeHtml(LINK_NOTE)}</p>
<p style="margin:0">${escapeHtml(`Questions? Write to ${input.supportEmail}.`)}</p>`;
  const footer = `You get these messages because you are joining ${escapeHtml(input.orgName)} on ${escapeHtml(input.startDay)}. <a href="${escapeHtml(
    input.unsubscribeUrl,
  )}" style="color:${BRAND.accent}">Stop these messages</a>.`;
  return { subject: input.subject, text, html: page(input.subject, input.orgName, body, footer) };
}
