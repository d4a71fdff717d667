import type { LinkRefusal } from './preboarding-links.js';

/**
 * The pages of a pre-boarding link (docs/product.md#pre-boarding): plain HTML from the server in the login screen's
 * look, no script, so that they work before the app loads and whatever the link's state. Every text says what to do.
 */

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/gu, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,"Noto Sans",sans-serif;color:#0f172a;
background:linear-gradient(to bottom,#eef2ff,#f8fafc,#f1f5f9);min-height:100vh;display:flex;align-items:center;justify-content:center;padding:40px 16px}
main{width:100%;max-width:30rem;background:#fff;border:1px solid #e2e8f0;border-radius:.75rem;box-shadow:0 1px 3px rgb(0 0 0/.1);padding:2.5rem 1.5rem;text-align:center;overflow-wrap:anywhere}
img{width:5rem;height:5rem}
h1{margin:1.5rem 0 0;font-size:1.5rem;line-height:1.3;font-weight:700;letter-spacing:-.01em}
p{margin:.75rem 0 0;color:#334155;line-height:1.5}
.strong{color:#0f172a;font-weight:600}
form{margin-top:1.5rem;text-align:left}
label{display:block;font-weight:600;margin-bottom:.25rem}
input[type=email]{display:block;width:100%;padding:.625rem .75rem;border:1px solid #64748b;border-radius:.5rem;font:inherit}
button,a.button{display:inline-block;margin-top:1rem;padding:.75rem 1.5rem;border:0;border-radius:.5rem;background:#4338ca;color:#fff;font:inherit;font-weight:600;text-decoration:none;cursor:pointer}
button:hover,a.button:hover{background:#3730a3}
.center{text-align:center}
a:focus-visible,button:focus-visible,input:focus-visible{outline:3px solid #4338ca;outline-offset:2px}
.support{font-size:.875rem;margin-top:1.5rem}
.support a{color:#3730a3}
`;

/** Where a page's support line sends people. */
export interface PageContext {
  supportEmail: string;
  orgName: string;
}

function page(ctx: PageContext, title: string, body: string): string {
  const email = escapeHtml(ctx.supportEmail);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="same-origin">
<title>${escapeHtml(title)} · Onboarding</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<img src="/content/logo.svg" alt="${escapeHtml(ctx.orgName)}">
<h1>${escapeHtml(title)}</h1>
${body}
<p class="support">Questions, or something does not work? Write to <a href="mailto:${email}">${email}</a>.</p>
</main>
</body>
</html>
`;
}

/**
 * An address as a page may show it to whoever holds the link: its first character, dots, and the domain
 * ('n•••@example.com'), enough for its owner to recognise it.
 */
export function maskedAddress(address: string): string {
  const at = address.lastIndexOf('@');
  return `${address.slice(0, 1)}•••${address.slice(at)}`;
}

/** The form that asks for a new link by private address. */
function newLinkForm(): string {
  return `<form method="post" action="/preboarding/new-link">
<label for="private-email">Your private e-mail address</label>
<input id="private-email" name="privateEmail" type="email" autocomplete="email" required maxlength="254">
<button type="submit">Send me a new link</button>
</form>`;
}

/**
 * The page a link opens: it names the address it was sent to (masked) and asks the person to press the button, which
 * starts their pre-boarding session (a link alone never does: mail scanners open links too). Opened from another
 * website, it says so first (the page answers 403 then: nothing was started).
 * @param ctx support address and organisation name
 * @param options the link's token (sent back by the button), the private address it was sent to, and whether another
 *   site opened it
 */
export function openPage(
  ctx: PageContext,
  options: { token: string; privateEmail: string; crossSite: boolean },
): string {
  const address = escapeHtml(maskedAddress(options.privateEmail));
  const lead = options.crossSite
    ? `<p class="strong">This link was opened from another website, so your page did not open by itself.</p>
<p>That keeps your page safe. If you opened the link from your own e-mail, and ${address} is your address, press the button below. If you did not expect this page, close it.</p>`
    : `<p>Get ready for your first day with ${escapeHtml(ctx.orgName)}: see when and where it is, who will meet you, and tell us what helps you.</p>
<p>This link was sent to <span class="strong">${address}</span>. If that is you, press the button.</p>`;
  return page(
    ctx,
    options.crossSite ? 'Open your page from your e-mail' : 'Welcome!',
    `${lead}
<form method="post" action="/preboarding/open" class="center">
<input type="hidden" name="token" value="${escapeHtml(options.token)}">
<button type="submit">Open my page</button>
</form>`,
  );
}

/** What each refusal of a link says. */
const REFUSALS: Record<Exclude<LinkRefusal, 'signed-in' | 'over'>, { title: string; text: string }> = {
  unknown: {
    title: 'This link does not work',
    text: 'The link may be cut short or copied wrongly. Open the newest e-mail we sent you and use its link, or ask for a new one.',
  },
  used: {
    title: 'This link was used already',
    text: 'Each link works once, to keep your page safe. Ask for a new link below: we send it to your private e-mail address.',
  },
  expired: {
    title: 'This link is too old',
    text: 'Links stop working after a while, to keep your page safe. Ask for a new link below: we send it to your private e-mail address.',
  },
  ended: {
    title: 'This link does not work any more',
    text: 'Your invitation or your private e-mail address changed since we sent it. Ask for a new link below, or write to us.',
  },
};

/**
 * The page of a link that did not open: what happened and how to get a new link (or, after the first Google sign-in,
 * to sign in instead).
 * @param ctx support address and organisation name
 * @param refusal why the link did not open
 */
export function refusedPage(ctx: PageContext, refusal: LinkRefusal): string {
  if (refusal === 'signed-in') {
    return page(
      ctx,
      'You have signed in already',
      `<p>Your pre-boarding is over: everything you did is in your onboarding now. Sign in with your ${escapeHtml(ctx.orgName)} Google account to see it.</p>
<a class="button" href="/login">Sign in</a>`,
    );
  }
  if (refusal === 'over') {
    return page(
      ctx,
      'Your first day has passed',
      `<p>This page was for the days before your first day, so it is closed now. Sign in with your ${escapeHtml(ctx.orgName)} Google account to carry on with your onboarding: what you did here is kept for you.</p>
<p>No Google account yet, or it does not work? Write to <a href="mailto:${escapeHtml(ctx.supportEmail)}">${escapeHtml(ctx.supportEmail)}</a> and we will help.</p>
<a class="button" href="/login">Sign in</a>`,
    );
  }
  const { title, text } = REFUSALS[refusal];
  return page(ctx, title, `<p>${escapeHtml(text)}</p>${newLinkForm()}`);
}

/** The page of a request that came from another website (a form posted there): nothing happened. */
export function crossSitePostPage(ctx: PageContext): string {
  return page(
    ctx,
    'Open the link from your e-mail',
    `<p>This request came from another website, so nothing happened. To open your page, use the link in the e-mail we sent to your private e-mail address.</p>
${newLinkForm()}`,
  );
}

/** The page that asks for a new link (also after a typing mistake: `problem` says what to change). */
export function newLinkPage(ctx: PageContext, problem?: string): string {
  const error = problem === undefined ? '' : `<p class="strong" role="alert">${escapeHtml(problem)}</p>`;
  return page(
    ctx,
    'Get a new link',
    `<p>Type the private e-mail address we sent your invitation to. We will send a new link there.</p>${error}${newLinkForm()}`,
  );
}

/**
 * The answer to a request for a new link: the same words whether or not the address is known (no one learns from it
 * who is invited).
 */
export function newLinkSentPage(ctx: PageContext): string {
  return page(
    ctx,
    'Check your e-mail',
    `<p>If this address belongs to someone who is getting ready to join ${escapeHtml(ctx.orgName)}, we have sent a new link to it. It can take a few minutes. Look in your spam or junk folder too.</p>
<p>Nothing came after ten minutes? Check the address and try again, or write to us.</p>
<a class="button" href="/preboarding/new-link">Try another address</a>`,
  );
}

/** The page when one connection asked for too many links: how long to wait. */
export function tooManyPage(ctx: PageContext, waitWords: string): string {
  return page(
    ctx,
    'Please wait a moment',
    `<p>Many links were asked for from your network in a short time, so we paused new ones for a moment. Nothing is wrong with your invitation.</p>
<p class="strong">Please wait ${escapeHtml(waitWords)}, then try again.</p>`,
  );
}

/** The page of /preboarding/open without a token. */
export function noTokenPage(ctx: PageContext): string {
  return newLinkPage(ctx);
}
