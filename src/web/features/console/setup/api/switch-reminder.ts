import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReminderSwitch, SwitchReminderBody } from '@shared/api/console/setup.js';
import { api } from '@web/lib/api-client';
import { REMINDER_SWITCHES_QUERY_KEY } from './get-reminder-switches';

/**
 * POST /admin/reminders `{ kind, enabled }` (HR, docs/product.md#reminders): switches a kind of reminder
 * on or off and answers every switch; 403 'Only HR can do that.'
 */
export async function switchReminder(body: SwitchReminderBody): Promise<ReminderSwitch[]> {
  const response = await api.post<{ data: ReminderSwitch[] }>('/admin/reminders', body);
  return response.data.data;
}

/** Switches a kind, then shows the switches as the server answered them. */
export function useSwitchReminder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'reminders', 'switch'],
    mutationFn: switchReminder,
    onSuccess: (switches) => queryClient.setQueryData(REMINDER_SWITCHES_QUERY_KEY, switches),
  });
}
