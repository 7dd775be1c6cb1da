// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { mergeTemplate, sanitizeTemplateHtml, templateTitle, type MergeValues } from './template.js';

const values: MergeValues = {
  forename: '<b>Zoë</b>',
  surname: "O'Brien",
  full_name: "Zoë O'Brien",
  known_as: 'Zo',
  email_address: 'zoe@example.com',
  position: 'Sous chef',
  venue: 'Salt & Ember, Chester',
  start_date: '01/12/2026',
  today: '21/11/2026',
  company: 'Salt & Ember',
};

describe('contract templates', () => {
  it('merges fields with their values escaped, so a name cannot inject markup', () => {
    expect(mergeTemplate('<p>Dear {{ forename }} at {{venue}}</p>', values)).toBe(
      '<p>Dear &lt;b&gt;Zoë&lt;/b&gt; at Salt &amp; Ember, Chester</p>',
    );
  });

  it('names every unknown merge field', () => {
    expect(() => mergeTemplate('{{salary}} {{forename}} {{pay_rate}}', values)).toThrow(
      /\{\{salary\}\}, \{\{pay_rate\}\}/,
    );
  });

  it('keeps document structure and drops scripts, handlers, styles and remote loads', () => {
    const html = sanitizeTemplateHtml(
      '<h2 onmouseover="x()">Pay</h2><p style="color:red">£12.21 an hour</p><script>evil()</script><img src="https://t.example/p.gif"><a href="javascript:x()">x</a><table><tr><td colspan="2">Cell</td></tr></table>',
    );
    expect(html).toBe(
      '<h2>Pay</h2><p>£12.21 an hour</p><a rel="noopener noreferrer" target="_blank">x</a><table><tr><td colspan="2">Cell</td></tr></table>',
    );
  });

  it('takes the title from <title>, else the first heading', () => {
    expect(templateTitle('<html><head><title> Tips &amp; tronc </title></head><h1>Other</h1>')).toBe('Tips & tronc');
    expect(templateTitle('<h1>Locker <em>policy</em></h1>')).toBe('Locker policy');
    expect(templateTitle('<p>Intro</p><h2>Uniform and <b>lockers</b></h2><h1>Later</h1>')).toBe('Uniform and lockers');
    expect(templateTitle('<p>none</p>')).toBeUndefined();
  });
});

describe('missing details', () => {
  it('refuses to leave a blank where the start date or workplace should be', () => {
    const blank = { ...values, start_date: '', venue: ' ' };
    const refused = (() => {
      try {
        return mergeTemplate('<p>From {{start_date}} at {{venue}} as {{position}}</p>', blank);
      } catch (err) {
        return err;
      }
    })();
    // No CLI flags in the words: the CLI adds its own (src/server/cli/commands.ts) from `detail.missing`.
    expect(refused).toMatchObject({
      code: 'TEMPLATE_DETAILS_MISSING',
      message: 'The template needs a start date and a venue, which this person does not have on record.',
      detail: { missing: ['start_date', 'venue'] },
    });
    // Fields the template does not use may be empty.
    expect(mergeTemplate('<p>Hello {{forename}}</p>', blank)).toBe('<p>Hello &lt;b&gt;Zoë&lt;/b&gt;</p>');
  });
});
