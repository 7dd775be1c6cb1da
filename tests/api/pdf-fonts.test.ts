/**
 * The PDFs Staffroom draws (docs/architecture.md#signature-evidence-and-signed-pdfs) in Noto Sans, subset:
 * names in any Latin script, Greek, Cyrillic and Vietnamese read back as written, and a character no
 * font has is a visible replacement that is reported, never a silent "?"; a bold or italic word inside a
 * paragraph is drawn in its own face, the rest of the paragraph in the paragraph's.
 */
import { describe, expect, it } from 'vitest';
import { renderHtmlToPdf } from '@server/modules/documents/html-to-pdf.js';
import { pdfPages, pdfTextPieces } from '../support/pdf-text.js';

const render = (html: string, onMissingGlyphs?: (codePoints: string[]) => void) =>
  renderHtmlToPdf({ html, title: 'Agreement', createdAt: new Date('2026-11-01T09:00:00Z'), onMissingGlyphs });

describe('PDF text in Noto Sans', () => {
  it('prints Latin diacritics, Greek, Cyrillic and Vietnamese as written, in every style', async () => {
    const names = ['Łukasz Wiśniewski-Șerban', 'Αλέξανδρος Παπαδόπουλος', 'Олена Коваленко', 'Nguyễn Thị Hồng'];
    const html = names.map((n, i) => `<p>${['', '<b>', '<i>', '<b><i>'][i]}${n}</p>`).join('');
    const heard: string[][] = [];
    const [page] = await pdfPages(await render(html, (c) => heard.push(c)));
    for (const name of names) expect(page).toContain(name);
    expect(heard).toEqual([]);
  });

  it('draws a character no font has as the visible replacement character, and says which', async () => {
    const heard: string[][] = [];
    const [page] = await pdfPages(await render('<p>Signed by 王 Wang and 🙂</p>', (c) => heard.push(c)));
    expect(page).toContain('Signed by \uFFFD Wang and \uFFFD');
    expect(page).not.toContain('?');
    expect(heard).toEqual([['U+738B', 'U+1F642']]);
  });

  it('draws a bold or italic word in a paragraph in its own face, and the rest as the paragraph is', async () => {
    const pieces = await pdfTextPieces(
      await render('<p>Hours: <b>zero</b> a week, <i>paid</i> monthly.</p><p><b>Notice:</b> one week.</p>'),
    );
    const fontOf = (text: string) => pieces.find((piece) => piece.text.trim() === text)?.font;
    // The title is drawn in the bold face: the reference for bold.
    const bold = fontOf('Agreement');
    const regular = fontOf('Hours:');
    expect(bold).toBeDefined();
    expect(regular).toBeDefined();
    expect(regular).not.toBe(bold);
    expect(fontOf('zero')).toBe(bold);
    expect(fontOf('a week,')).toBe(regular);
    expect(fontOf('paid')).not.toBe(regular);
    expect(fontOf('paid')).not.toBe(bold);
    expect(fontOf('monthly.')).toBe(regular);
    expect(fontOf('Notice:')).toBe(bold);
    expect(fontOf('one week.')).toBe(regular);
    const [page] = await pdfPages(await render('<p>Hours: <b>zero</b> a week, <i>paid</i> monthly.</p>'));
    expect(page).toContain('Hours: zero a week, paid monthly.');
  });
});
