/** The console's set-up (docs/product.md#set-up): venues and their till keys, positions, onboarding fieldsets and reminders. */
import { z } from 'zod';
import { fieldDefinitionSchema } from '../onboarding.js';
import { REMINDER_KINDS } from '@shared/reminders.js';

/** A venue in the console's set-up (docs/product.md#set-up). */
export const consoleVenueSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The brand it trades under, a brand id of src/shared/brands.ts. */
  brand: z.string(),
  archived: z.boolean(),
  people: z.number(),
  till_keys: z.array(z.object({ id: z.string(), created_at: z.string(), revoked_at: z.string().nullable() })),
});
export type ConsoleVenue = z.infer<typeof consoleVenueSchema>;
export const venuesAnswerSchema = z.object({ data: z.array(consoleVenueSchema) });
export const venueAnswerSchema = z.object({ data: consoleVenueSchema });
export const venueParamsSchema = z.object({ venueId: z.string().max(64) });

/** `POST /admin/venues` (HR): a new venue. */
export const addVenueBodySchema = z.object({
  name: z.string().trim().min(1, 'Enter the venue’s name').max(100),
  brand: z.string().max(40),
});
/** `POST /admin/venues/:venueId` (HR): rename, change brand, archive or bring back. */
export const updateVenueBodySchema = z.object({
  name: z.string().trim().min(1, 'Enter the venue’s name').max(100).optional(),
  brand: z.string().max(40).optional(),
  archived: z.boolean().optional(),
});

/** A till key as created: shown once, then only its id. */
export const tillKeyAnswerSchema = z.object({ data: z.object({ id: z.string(), key: z.string(), venue: z.string() }) });
export const tillKeyParamsSchema = z.object({ keyId: z.string().max(64) });

export const importAnswerSchema = z.object({
  data: z.object({ id: z.union([z.string(), z.number()]), created: z.boolean() }),
});

/** A position (job title) the invite and add-person forms offer (docs/product.md#set-up); `staff.position` stays text. */
export const consolePositionSchema = z.object({
  id: z.string(),
  name: z.string(),
  archived: z.boolean(),
  created_at: z.string(),
});
export type ConsolePosition = z.infer<typeof consolePositionSchema>;
export const positionsAnswerSchema = z.object({ data: z.array(consolePositionSchema) });
export const positionAnswerSchema = z.object({ data: consolePositionSchema });
export const positionParamsSchema = z.object({ positionId: z.string().max(64) });
/** `POST /admin/positions` (HR): a new position. */
export const addPositionBodySchema = z.object({ name: z.string().trim().min(1, 'Enter the position’s name').max(100) });
export type AddPositionBody = z.input<typeof addPositionBodySchema>;
/** `POST /admin/positions/:positionId` (HR): rename, archive or bring back. */
export const updatePositionBodySchema = z.object({
  name: z.string().trim().min(1, 'Enter the position’s name').max(100).optional(),
  archived: z.boolean().optional(),
});
export type UpdatePositionBody = z.input<typeof updatePositionBodySchema>;

/** An onboarding fieldset in the console's list (docs/product.md#set-up): its name and how many fields. */
export const consoleFieldsetSchema = z.object({
  id: z.string(),
  name: z.string(),
  fields: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ConsoleFieldset = z.infer<typeof consoleFieldsetSchema>;
export const fieldsetsAnswerSchema = z.object({ data: z.array(consoleFieldsetSchema) });
export const fieldsetParamsSchema = z.object({ fieldsetId: z.string().max(64) });
/** `GET /admin/fieldsets/:fieldsetId`: the field definitions, to preview the form as the joiner sees it. */
export const fieldsetAnswerSchema = z.object({
  data: z.object({
    id: z.string(),
    name: z.string(),
    fields: z.array(fieldDefinitionSchema),
    created_at: z.string(),
    updated_at: z.string(),
  }),
});
export type ConsoleFieldsetDetail = z.infer<typeof fieldsetAnswerSchema>['data'];

/** `GET /admin/reminders`: each reminder kind (docs/product.md#reminders) and whether it is on. */
export const reminderSwitchesAnswerSchema = z.object({
  data: z.array(z.object({ kind: z.enum(REMINDER_KINDS), enabled: z.boolean() })),
});
export type ReminderSwitch = z.infer<typeof reminderSwitchesAnswerSchema>['data'][number];
/** `POST /admin/reminders` (HR): switch one kind on or off. */
export const switchReminderBodySchema = z.object({ kind: z.enum(REMINDER_KINDS), enabled: z.boolean() });
export type SwitchReminderBody = z.infer<typeof switchReminderBodySchema>;
