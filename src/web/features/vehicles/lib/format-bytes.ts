import type { Locale, Translate } from '@web/i18n/i18n';

/**
 * A file size for people: '850 bytes', '120 KB', '2.4 MB'; the word in the member's language and the
 * decimal mark of their language ('2,4 MB'), the units as symbols every language here reads.
 */
export function formatBytes(bytes: number, t: Translate, locale: Locale = 'en-GB'): string {
  if (bytes < 1024) return t('vehicles.size.bytes', { n: bytes });
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  const megabytes = new Intl.NumberFormat(locale === 'pseudo' ? 'en-GB' : locale, {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  });
  return `${megabytes.format(bytes / (1024 * 1024))} MB`;
}
