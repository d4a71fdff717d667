import { waitInWords } from './auth-rate-limits.js';

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/gu, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** The app's look (the login screen's card on the brand gradient), in a few lines: this page loads no script. */
const STYLE = `
*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,"Noto Sans",sans-serif;color:#0f172a;
background:linear-gradient(to bottom,#eef2ff,#f8fafc,#f1f5f9);min-height:100vh;display:flex;align-items:center;justify-content:center;padding:40px 16px}
main{width:100%;max-width:28rem;background:#fff;border:1px solid #e2e8f0;border-radius:.75rem;box-shadow:0 1px 3px rgb(0 0 0/.1);padding:2.5rem 2rem;text-align:center}
img{width:5rem;height:5rem}
h1{margin:1.5rem 0 0;font-size:1.5rem;line-height:1.3;font-weight:700;letter-spacing:-.01em}
p{margin:.75rem 0 0;color:#475569;line-height:1.5}
.wait{color:#0f172a;font-weight:600}
a.button{display:inline-block;margin-top:2rem;padding:.75rem 1.5rem;border-radius:.5rem;background:#4f46e5;color:#fff;font-weight:600;text-decoration:none}
a.button:hover{background:#4338ca}
a:focus-visible{outline:3px solid #4f46e5;outline-offset:2px}
.support{font-size:.875rem;margin-top:1.5rem}
.support a{color:#3730a3}
`;

/**
 * The page a person sees when their browser navigated to a sign-in route that is rate limited (the start of Google
 * sign-in): in the login screen's style, it says in plain words how long to wait and leads back to the login screen.
 * No script, no JSON. Served with status 429 and `Retry-After` by the error handler.
 * @param options.retryAfterSeconds seconds until the limit lets this address through again
 * @param options.supportEmail the support contact shown at the bottom
 * @returns a complete HTML document
 */
export function renderWaitPage({
  retryAfterSeconds,
  supportEmail,
}: {
  retryAfterSeconds: number;
  supportEmail: string;
}): string {
  const wait = escapeHtml(waitInWords(retryAfterSeconds));
  const email = escapeHtml(supportEmail);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Please wait a moment · Onboarding</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<img src="/content/logo.svg" alt="INSPIRED 2 UPLIFT">
<h1>Lots of people are signing in right now</h1>
<p>So many sign-ins came from your network in a short time that we have to pause new ones for a moment. Nothing is wrong with your account.</p>
<p class="wait">Please wait ${wait}, then try again.</p>
<a class="button" href="/login">Back to sign in</a>
<p class="support">Still stuck after waiting? Write to <a href="mailto:${email}">${email}</a>.</p>
</main>
</body>
</html>
`;
}
