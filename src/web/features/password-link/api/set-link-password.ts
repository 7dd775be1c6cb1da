import { useMutation } from '@tanstack/react-query';
import type { PasswordSetAnswer, SetLinkPasswordBody } from '@shared/api/password-link.js';
import { api } from '@web/lib/api-client';
import { passwordLinkPath } from './get-password-link';

/**
 * POST /staff/password-link/<token> `{ password, password_check }`: sets the password; 400 with the
 * password step's field errors, 404 once the link is used or expired (docs/product.md#password-links).
 */
export async function setLinkPassword(token: string, body: SetLinkPasswordBody): Promise<PasswordSetAnswer> {
  const response = await api.post<{ data: PasswordSetAnswer }>(passwordLinkPath(token), body);
  return response.data.data;
}

/** Sets the password through the link `token`. */
export function useSetLinkPassword(token: string) {
  return useMutation({
    mutationKey: ['password-link', token, 'set'],
    mutationFn: (body: SetLinkPasswordBody) => setLinkPassword(token, body),
  });
}
