import type { LanguageAnswer, LanguageBody } from '@shared/api/my-details.js';
import { api } from '@web/lib/api-client';

/**
 * POST /staff/self-service/language: keeps the signed-in member's language on their record (null for
 * English), so their other devices, mails and messages follow it. Answers the language as kept.
 */
export async function saveLanguage(body: LanguageBody): Promise<LanguageBody['language']> {
  const response = await api.post<LanguageAnswer>('/staff/self-service/language', body);
  return response.data.data.language;
}
