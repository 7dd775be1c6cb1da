import { describe, expect, it } from 'vitest';
import { PROFILE_PICTURE_PATH, returnTo, returnToOf } from './profile-picture-link';

describe('profile picture link', () => {
  it('is My Details with ?open=picture', () => {
    expect(PROFILE_PICTURE_PATH).toBe('/my-details?open=picture');
  });

  it('reads back an in-app return path only', () => {
    expect(returnToOf(returnTo('/team-discount'))).toBe('/team-discount');
    expect(returnToOf({ returnTo: '//evil.example.com' })).toBeNull();
    expect(returnToOf({ returnTo: '/\\evil.example.com' })).toBeNull();
    expect(returnToOf({ returnTo: 'https://evil.example.com' })).toBeNull();
    expect(returnToOf({ returnTo: 42 })).toBeNull();
    expect(returnToOf(null)).toBeNull();
    expect(returnToOf('text')).toBeNull();
  });
});
