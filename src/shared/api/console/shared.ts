/**
 * What every console screen shares (docs/product.md#console): who may use the console (`GET /admin/me`),
 * where a joiner stands, and the shapes of a file sent from the console. Every answer is filtered on the
 * server by role and venue; a manager asking for another venue's person gets 404, whatever id they send.
 */
import { z } from 'zod';

/** Console roles a staff member may hold besides being staff (docs/product.md#console-roles). */
export const CONSOLE_ROLES = ['hr', 'manager'] as const;
export const consoleRoleSchema = z.enum(CONSOLE_ROLES);
export type ConsoleRole = z.infer<typeof consoleRoleSchema>;

/** `GET /admin/me`: the signed-in person's console role and the venues they may see. */
export const consoleMeAnswerSchema = z.object({
  data: z.object({
    role: consoleRoleSchema,
    /** For a manager, the venues they manage; for HR, every venue. */
    venues: z.array(z.object({ id: z.string(), name: z.string() })),
    /** True when members sign in with a Staffroom password, so a password link can be sent (docs/product.md#password-links). */
    password_links: z.boolean(),
  }),
});
export type ConsoleMe = z.infer<typeof consoleMeAnswerSchema>['data'];

/** Where a joiner stands, or `complete`, or `none` for someone added without onboarding. */
export const onboardingStageSchema = z.enum(['details', 'contract', 'password', 'complete', 'expired', 'none']);
export type OnboardingStage = z.infer<typeof onboardingStageSchema>;

/** A file sent from the console: its name and its bytes as a base64 data URL (as uploads are). */
export const consoleFileSchema = z.object({
  filename: z.string().trim().min(1).max(200),
  file_data: z.string().max(14_000_000),
});

/** `POST /admin/fieldsets` and `POST /admin/surveys` (HR): a YAML or JSON file, validated as the CLI does. */
export const importFileBodySchema = z.object({
  filename: z.string().trim().min(1).max(200),
  content: z.string().max(1_000_000),
});
