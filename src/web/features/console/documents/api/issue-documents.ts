import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { IssueDocumentsBody } from '@shared/api/console/documents.js';
import { api } from '@web/lib/api-client';
import { DOCUMENTS_QUERY_KEY } from '@web/features/console/shared/api/get-documents';

/** One person's document as sent: its link, and why the email could not go when it could not. */
export interface IssuedDocument {
  staff_id: string;
  document_id: string;
  link: string;
  mail_problem: { reason: string; will_retry: boolean } | null;
}

/**
 * POST /admin/documents `{ kind, staff_ids, template_id | template, title? }` (docs/product.md#console-documents):
 * one document per person, each emailed its own link. 404 when anyone chosen is outside the console's
 * scope (nothing is sent); 400 for a template that cannot be used or a detail a person lacks.
 */
export async function issueDocuments(body: IssueDocumentsBody): Promise<IssuedDocument[]> {
  const response = await api.post<{ data: IssuedDocument[] }>('/admin/documents', body);
  return response.data.data;
}

/** Issues documents, then refreshes the documents list and the people's pages. */
export function useIssueDocuments() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'issue-documents'],
    mutationFn: issueDocuments,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: DOCUMENTS_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'person'] });
    },
  });
}
