/** The console's payroll export (docs/product.md#payroll-hand-off). */
import { z } from 'zod';

/** `GET /admin/payroll.csv?since=YYYY-MM-DD` (HR, after a second factor): new starters for payroll. */
export const payrollQuerySchema = z.object({ since: z.iso.date('Give a date as YYYY-MM-DD') });
