/**
 * Server-rendered pages of the embedded provider: the branded sign-in form and the error page, in the
 * brand's dark scheme when the device asks for it (docs/product.md#colour-schemes), and in the
 * device's language (languageOfDevice; English when none was chosen).
 * Every interpolated value is HTML-escaped; no script runs on these pages (CSP script-src 'self').
 */
import escapeHtml from 'escape-html';
import { getBrand } from '@shared/brands.js';
import { localeOf, serverTranslator } from '@server/i18n/messages.js';

/**
 * The cookie the web writes beside its local-storage choice (src/web/i18n/stored-language.ts), so these
 * pages, which cannot read local storage, open in the device's language.
 */
export const LANGUAGE_COOKIE = 'staffroom.language';

/** The language chosen on the device that sent `cookies`; null (English) when none or not one the staff side has. */
export const languageOfDevice = (cookies: Record<string, string | undefined> | undefined): string | null => {
  const locale = localeOf(cookies?.[LANGUAGE_COOKIE]);
  return locale === 'en-GB' ? null : locale;
};

interface FrameOptions {
  brandId: string;
  language: string | null;
  title: string;
  body: string;
}

function frame({ brandId, language, title, body }: FrameOptions): string {
  const brand = getBrand(brandId);
  const p = brand.palette;
  const d = brand.dark;
  return `<!doctype html>
<html lang="${localeOf(language)}">
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
  /** The device's language (languageOfDevice); English when null or absent. */
  language?: string | null;
  /** Path the form posts to. */
  action: string;
  email?: string;
  /** Already in the page's language. */
  error?: string;
}

/** The branded email + password form of the embedded provider. */
export function renderSignInPage(opts: SignInPageOptions): string {
  const language = opts.language ?? null;
  const t = serverTranslator(language);
  const error = opts.error ? `<div class="error" role="alert">${escapeHtml(opts.error)}</div>` : '';
  return frame({
    brandId: opts.brandId,
    language,
    title: t('signIn.title'),
    body: `<div class="card">
  <h1>${escapeHtml(t('signIn.heading'))}</h1>
  <p class="lead">${escapeHtml(t('signIn.lead'))}</p>
  ${error}
  <form method="post" action="${escapeHtml(opts.action)}" autocomplete="on" novalidate>
    <label for="email">${escapeHtml(t('signIn.email'))}</label>
    <input id="email" name="email" type="email" inputmode="email" autocomplete="username" required value="${escapeHtml(opts.email ?? '')}" ${opts.email ? '' : 'autofocus'}>
    <label for="password">${escapeHtml(t('signIn.password'))}</label>
    <input id="password" name="password" type="password" autocomplete="current-password" required ${opts.email ? 'autofocus' : ''}>
    <button type="submit">${escapeHtml(t('signIn.submit'))}</button>
  </form>
  <p class="help">${escapeHtml(t('signIn.help'))}</p>
</div>`,
  });
}

/** The provider's error page (expired sign-in, bad request); `message` is already in the page's language. */
export function renderProviderError(opts: { brandId: string; language?: string | null; message: string }): string {
  const language = opts.language ?? null;
  const t = serverTranslator(language);
  return frame({
    brandId: opts.brandId,
    language,
    title: t('signIn.problemTitle'),
    body: `<div class="card">
  <h1>${escapeHtml(t('signIn.problemHeading'))}</h1>
  <p class="lead">${escapeHtml(opts.message)}</p>
  <p><a href="/login">${escapeHtml(t('signIn.back'))}</a></p>
</div>`,
  });
}
