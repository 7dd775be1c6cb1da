import { afterEach, describe, expect, it } from 'vitest';
import { readBrand } from './brand';

function withBrandMeta(content: string | null): Document {
  const doc = document.implementation.createHTMLDocument('Staffroom');
  if (content !== null) {
    const meta = doc.createElement('meta');
    meta.setAttribute('name', 'staffroom-brand');
    meta.setAttribute('content', content);
    doc.head.append(meta);
  }
  return doc;
}

afterEach(() => {
  document.head.innerHTML = '';
});

describe('readBrand', () => {
  it('uses the brand the server wrote into the meta tag', () => {
    expect(readBrand(withBrandMeta('salt-and-ember')).name).toBe('Salt & Ember');
    expect(readBrand(withBrandMeta('lantern-inns')).name).toBe('Lantern Inns');
  });

  it('falls back to the default (first) brand when the tag is empty, missing or unknown', () => {
    expect(readBrand(withBrandMeta('')).id).toBe('lantern-inns');
    expect(readBrand(withBrandMeta('   ')).id).toBe('lantern-inns');
    expect(readBrand(withBrandMeta(null)).id).toBe('lantern-inns');
    expect(readBrand(withBrandMeta('no-such-brand')).id).toBe('lantern-inns');
  });

  it('reads the current document by default', () => {
    document.head.innerHTML = '<meta name="staffroom-brand" content="salt-and-ember">';
    expect(readBrand().id).toBe('salt-and-ember');
  });
});
