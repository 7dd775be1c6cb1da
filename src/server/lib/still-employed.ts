/**
 * Whether a person still works here at `now`: no end of access (`staff.access_ends_at`), or one still
 * ahead (docs/product.md#leavers). Right-to-work lists and reminders leave leavers out with it.
 */
import { gt, isNull, or, type SQL } from 'drizzle-orm';
import { staff } from '@server/db/schema.js';

export const stillEmployed = (now: Date): SQL => or(isNull(staff.accessEndsAt), gt(staff.accessEndsAt, now))!;
