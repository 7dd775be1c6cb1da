import { afterEach, describe, expect, it, vi } from 'vitest';
import { downloadHref, openBlankWindow, showDownload } from './file-download';

afterEach(() => vi.restoreAllMocks());

describe('downloadHref', () => {
  it('makes a relative address absolute on this origin', () => {
    expect(downloadHref('/api/files/signed/abc?expires=1')).toBe(`${window.location.origin}/api/files/signed/abc?expires=1`);
    expect(downloadHref('https://files.example.com/x')).toBe('https://files.example.com/x');
  });

  it('refuses anything but http(s)', () => {
    expect(() => downloadHref('javascript:alert(1)')).toThrow('The download address is not valid');
    expect(() => downloadHref('data:text/html,<script>1</script>')).toThrow();
  });
});

describe('openBlankWindow and showDownload', () => {
  it('opens a blank window cut off from this page, then sends it to the address', () => {
    const target = { opener: {} as unknown, closed: false, location: { replace: vi.fn() } };
    vi.spyOn(window, 'open').mockReturnValue(target as unknown as Window);
    const opened = openBlankWindow();
    expect(window.open).toHaveBeenCalledWith('', '_blank');
    expect(target.opener).toBeNull();
    showDownload(opened, '/api/files/signed/abc');
    expect(target.location.replace).toHaveBeenCalledWith(`${window.location.origin}/api/files/signed/abc`);
  });

  it('opens a new window with noopener when the first was refused or closed', () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    showDownload(null, '/api/files/signed/abc');
    expect(open).toHaveBeenCalledWith(`${window.location.origin}/api/files/signed/abc`, '_blank', 'noopener');
    const closed = { closed: true, location: { replace: vi.fn() } };
    showDownload(closed as unknown as Window, '/api/files/signed/def');
    expect(closed.location.replace).not.toHaveBeenCalled();
    expect(open).toHaveBeenLastCalledWith(`${window.location.origin}/api/files/signed/def`, '_blank', 'noopener');
  });
});
