import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReminderSwitch } from '@shared/api/console/setup.js';
import { api } from '@web/lib/api-client';

/** GET /admin/reminders (docs/product.md#reminders): each reminder kind and whether it is on. */
export async function getReminderSwitches(): Promise<ReminderSwitch[]> {
  const response = await api.get<{ data: ReminderSwitch[] }>('/admin/reminders');
  return response.data.data;
}

export const REMINDER_SWITCHES_QUERY_KEY = ['admin', 'reminders'] as const;

/** Query options of the reminder switches. */
export function reminderSwitchesQueryOptions() {
  return queryOptions({ queryKey: REMINDER_SWITCHES_QUERY_KEY, queryFn: getReminderSwitches });
}

/** The reminder switches (loading, error and data states of the query). */
export function useReminderSwitches() {
  return useQuery(reminderSwitchesQueryOptions());
}
