/**
 * My Vehicles (docs/product.md#vehicles: My Vehicles, Vehicle and File, insurance document states,
 * registration rules, vehicle calls): mileage can be claimed only with a valid MOT and
 * business-class insurance that HR has approved.
 */
import { z } from 'zod';

export const motSchema = z.object({
  date_completed: z.string().nullable(),
  expiry_date: z.string().nullable(),
  passed: z.boolean(),
});

/** docs/product.md#vehicles: File as a vehicle's document carries it. */
export const vehicleFileSchema = z.object({ id: z.uuid(), original_filename: z.string(), size: z.number().int() });

/**
 * docs/product.md#vehicles insurance document: pending while approved_by and approval_error are both null;
 * approved when approved_by is set; rejected when approval_error is set (docs/product.md#vehicles).
 */
export const insuranceDocumentSchema = z.object({
  approved_by: z.string().nullable(),
  approval_error: z.string().nullable(),
  processing_error: z.string().nullable(),
  file: vehicleFileSchema,
});

export const vehicleSchema = z.object({
  id: z.uuid(),
  make: z.string(),
  model: z.string(),
  colour: z.string(),
  fuel_type: z.string(),
  registration: z.string(),
  current_mot: motSchema.nullable(),
  current_insurance_document: insuranceDocumentSchema.nullable(),
});
export type Vehicle = z.infer<typeof vehicleSchema>;

export const vehicleListAnswerSchema = z.object({ data: z.array(vehicleSchema) });
export type VehicleListAnswer = z.infer<typeof vehicleListAnswerSchema>;
export const vehicleAnswerSchema = z.object({ data: vehicleSchema });
export type VehicleAnswer = z.infer<typeof vehicleAnswerSchema>;

/** `POST /staff/my-vehicles`: the registration as typed and the id of an uploaded insurance document. */
export const addVehicleBodySchema = z.object({
  registration: z.string().max(20),
  insurance_document: z.string().max(64),
});
export type AddVehicleBody = z.infer<typeof addVehicleBodySchema>;

/** `POST /staff/vehicle/<id>/insurance-document`. */
export const replaceInsuranceBodySchema = z.object({ file_id: z.string().max(64) });
export type ReplaceInsuranceBody = z.infer<typeof replaceInsuranceBodySchema>;

export const vehicleParamsSchema = z.object({ id: z.string().max(64) });
