// The stored signed-in user (spec §3) lives in src/web/lib so that other features can read it
// without importing this feature's insides; sign-in and logout keep using it from here.
export { clearUser, loadUser, saveUser, signedInUserId } from '../../../lib/user-storage';
