/**
 * Server-rendered pages of the embedded provider: the branded sign-in form and the error page, in the
 * brand's dark scheme when the device asks for it (docs/product.md#colour-schemes).
 * Every interpolated value is HTML-escaped; no script runs on these pages (CSP script-src 'self').
 */
import escapeHtml from 'escape-html';
import { getBrand } from '@shared/brands.js';

interface FrameOptions {
  brandId: string;
  title: string;
  body: string;
}

function frame({ brandId, title, body }: FrameOptions): string {
  const brand = getBrand(brandId);
  const p = brand.palette;
  const d = brand.dark;
  return `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)} · ${escapeHtml(brand.name)}</title>
<link rel="icon" href="/favicon.ico" sizes="16x16 32x32 48x48">
<style>
  *{box-sizing:border-box}
  body{margin:0;min-height:100vh;font-family:Roboto,"Helvetica Neue",Arial,sans-serif;background:${p.background};color:${p.text};display:flex;flex-direction:column;align-items:center}
  header{width:100%;background:${p.primary};display:flex;justify-content:center;padding:20px 16px}
  header img{height:44px;max-width:80%}
  main{width:100%;max-width:420px;padding:24px 16px}
  .card{background:#fff;border-radius:12px;box-shadow:0 2px 10px rgba(0,0,0,.08);padding:24px}
  h1{font-size:1.4rem;margin:0 0 4px}
  p.lead{margin:0 0 20px;color:#555}
  label{display:block;font-weight:500;margin:16px 0 6px}
  input{width:100%;font-size:16px;padding:12px;border:1px solid #bbb;border-radius:8px;background:#fff;color:inherit}
  input:focus{outline:2px solid ${p.primary};outline-offset:1px;border-color:${p.primary}}
  button{margin-top:24px;width:100%;font-size:16px;font-weight:600;padding:14px;border:0;border-radius:8px;background:${p.primary};color:#fff;cursor:pointer}
  button:focus-visible{outline:3px solid ${p.secondary};outline-offset:2px}
  .error{background:#fdecea;color:#611a15;border-radius:8px;padding:12px;margin-bottom:8px}
  .help{font-size:.9rem;color:#555;margin-top:20px;text-align:center}
  a{color:${p.primary}}
  @media (prefers-color-scheme:dark){
    :root{color-scheme:dark}
    body{background:${d.background};color:${d.text}}
    .card{background:${d.paper};box-shadow:none;border:1px solid rgba(255,255,255,.12)}
    p.lead,.help{color:#c9c4bc}
    input{background:${d.background};border-color:#8a8f98}
    input:focus{outline-color:${d.primary};border-color:${d.primary}}
    .error{background:#3b1d1b;color:#f9c9c4}
    a{color:${d.primary}}
  }
</style>
</head>
<body>
<header><img src="${escapeHtml(brand.logo)}" alt="${escapeHtml(brand.name)}"></header>
<main>${body}</main>
</body>
</html>`;
}

export interface SignInPageOptions {
  brandId: string;
  /** Path the form posts to. */
  action: string;
  email?: string;
  error?: string;
}

/** The branded email + password form of the embedded provider. */
export function renderSignInPage(opts: SignInPageOptions): string {
  const error = opts.error ? `<div class="error" role="alert">${escapeHtml(opts.error)}</div>` : '';
  return frame({
    brandId: opts.brandId,
    title: 'Sign in',
    body: `<div class="card">
  <h1>Sign in to Staffroom</h1>
  <p class="lead">Use the email address and password you set when you joined.</p>
  ${error}
  <form method="post" action="${escapeHtml(opts.action)}" autocomplete="on" novalidate>
    <label for="email">Email address</label>
    <input id="email" name="email" type="email" inputmode="email" autocomplete="username" required value="${escapeHtml(opts.email ?? '')}" ${opts.email ? '' : 'autofocus'}>
    <label for="password">Password</label>
    <input id="password" name="password" type="password" autocomplete="current-password" required ${opts.email ? 'autofocus' : ''}>
    <button type="submit">Sign in</button>
  </form>
  <p class="help">Forgotten your password? Ask your line manager to send you a new link.</p>
</div>`,
  });
}

/** The provider's error page (expired sign-in, bad request). */
export function renderProviderError(opts: { brandId: string; message: string }): string {
  return frame({
    brandId: opts.brandId,
    title: 'Sign-in problem',
    body: `<div class="card">
  <h1>We couldn't sign you in</h1>
  <p class="lead">${escapeHtml(opts.message)}</p>
  <p><a href="/login">Back to the portal and try again</a></p>
</div>`,
  });
}
