import { createHash } from 'node:crypto';

/**
 * The sign-in and consent page of /oauth/authorize: plain HTML, one inline stylesheet (allowed by
 * its hash in the page's CSP), no script, no external assets. Labels on every field, autocomplete
 * hints for password managers, errors in a role=alert region, and buttons that work without JS.
 */
const CSS = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1a1a1a;background:#f4f4f2}
main{max-width:26rem;margin:2rem auto;padding:1.5rem;background:#fff;border:1px solid #d0d0cc;border-radius:8px}
h1{font-size:1.35rem;margin:0 0 .75rem}
p{margin:.5rem 0}
.scope{padding:.75rem;background:#eef3f8;border-radius:6px;margin:1rem 0}
.scope ul{margin:.25rem 0 0;padding-left:1.25rem}
.alert{padding:.75rem;border:2px solid #b00020;border-radius:6px;color:#7a0016;background:#fdecee;margin:1rem 0}
label{display:block;font-weight:600;margin:1rem 0 .25rem}
.hint{font-weight:400;font-size:.9rem;color:#4a4a4a}
input[type=email],input[type=password],input[type=text]{width:100%;padding:.6rem;font-size:1rem;border:1px solid #767676;border-radius:4px}
input:focus,button:focus{outline:3px solid #1a5fb4;outline-offset:2px}
.actions{display:flex;gap:.75rem;margin-top:1.5rem}
button{flex:1;padding:.7rem;font-size:1rem;font-weight:600;border-radius:4px;cursor:pointer;border:1px solid #1a5fb4}
button[value=approve]{background:#1a5fb4;color:#fff}
button[value=deny]{background:#fff;color:#1a5fb4}
code{word-break:break-all}
`;

/** For the Content-Security-Policy: the one stylesheet this page may use. */
export const CONSENT_STYLE_HASH = `'sha256-${createHash('sha256').update(CSS).digest('base64')}'`;

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The request's own parameters, carried through the form as hidden fields. */
export const CARRIED = [
  'client_id',
  'redirect_uri',
  'response_type',
  'code_challenge',
  'code_challenge_method',
  'resource',
  'scope',
  'state',
] as const;

export type ConsentPage = {
  clientName: string;
  /** Where the user will be sent back (the redirect URI's origin), shown so they can recognise the app. */
  redirectOrigin: string;
  resourceDescription: string;
  carried: Record<(typeof CARRIED)[number], string>;
  /** The authorization endpoint's absolute URL (the form posts back to it). */
  formAction: string;
  email: string;
  /** Kept only for the two-factor step, after the password was right, so it need not be typed again. */
  password: string;
  showTotp: boolean;
  error?: string;
  notice?: string;
};

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escape(title)}</title>
<style>${CSS}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

export function renderConsentPage(m: ConsentPage): string {
  const hidden = CARRIED.map((k) => `<input type="hidden" name="${k}" value="${escape(m.carried[k])}">`).join('\n');
  const alert = m.error
    ? `<div class="alert" role="alert" id="form-error">${escape(m.error)}</div>`
    : `<div role="alert" id="form-error"></div>`;
  const notice = m.notice ? `<p id="form-notice" role="status">${escape(m.notice)}</p>` : '';
  const describedBy = m.error ? ' aria-describedby="form-error"' : '';
  const totp = m.showTotp
    ? `<label for="totp_code">Authentication code <span class="hint">(6 digits from your authenticator app)</span></label>
<input type="text" id="totp_code" name="totp_code" inputmode="numeric" autocomplete="one-time-code" pattern="[0-9 ]{6,7}" maxlength="7" required${describedBy}${m.password ? ' autofocus' : ''}>`
    : '';
  const body = `<h1>Allow ${escape(m.clientName)} to read your data?</h1>
<div class="scope">
<p><strong>${escape(m.clientName)}</strong> asks for <strong>read-only</strong> access to ${escape(m.resourceDescription)}:</p>
<ul>
<li>It can read your events, metrics, goals, insights and the rest of your data.</li>
<li>It cannot create, change or delete anything, nor manage your account.</li>
</ul>
</div>
<p>Sign in to Lifetrack to decide. Afterwards you will be sent back to <code>${escape(m.redirectOrigin)}</code>.</p>
${alert}
${notice}
<form method="post" action="${escape(m.formAction)}">
${hidden}
<label for="email">Email</label>
<input type="email" id="email" name="email" autocomplete="username" required value="${escape(m.email)}"${describedBy}${m.email ? '' : ' autofocus'}>
<label for="password">Password</label>
<input type="password" id="password" name="password" autocomplete="current-password" required value="${escape(m.password)}"${describedBy}${m.email && !m.password ? ' autofocus' : ''}>
${totp}
<div class="actions">
<button type="submit" name="action" value="approve">Approve</button>
<button type="submit" name="action" value="deny" formnovalidate>Deny</button>
</div>
</form>`;
  return layout(`Sign in to allow ${m.clientName}`, body);
}

/** A request that cannot go back to the application (unknown client, unregistered redirect URI). */
/**
 * `back`: the application's redirect URI with the error, as a link the user may follow; never
 * followed automatically (RFC 9700 4.11.2: anyone can register a client, so a broken request must
 * not turn this server into a redirector to any site).
 */
export function renderErrorPage(message: string, back?: { href: string; host: string }): string {
  const link = back
    ? `<p><a class="back" href="${escape(back.href)}">Return to the application (${escape(back.host)})</a></p>`
    : '<p>Go back to the application and start connecting again. If this keeps happening, the application may need to register again.</p>';
  return layout(
    'Authorization request refused',
    `<h1>This authorization request cannot be used</h1>
<div class="alert" role="alert">${escape(message)}</div>
${link}`,
  );
}
