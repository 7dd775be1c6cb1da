/**
 * Vehicle details and MOT by registration (docs/product.md#vehicles), behind one interface: the DVLA Vehicle
 * Enquiry Service (make, colour, fuel type) and the DVSA MOT history API (model, latest MOT) when
 * their keys are configured, else a local fixture file that answers "unknown" for anything else.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import type { AppConfig } from '@server/config.js';
import { TEMPLATES_DIR } from './templates-dir.js';

export interface VehicleDetails {
  make: string;
  model: string;
  colour: string;
  fuelType: string;
  mot: { dateCompleted: string | null; expiryDate: string | null; passed: boolean } | null;
}

export interface VehicleLookup {
  /** Details of a normalised registration (upper case, no spaces); the "unknown" answer when none are found. */
  lookup(registration: string): Promise<VehicleDetails>;
}

/** A member adding a car should not wait on a slow government API: past this, the car is added as unknown. */
export const LOOKUP_TIMEOUT_MS = 5000;

export const UNKNOWN_VEHICLE: VehicleDetails = {
  make: 'Unknown',
  model: 'Unknown',
  colour: 'Unknown',
  fuelType: 'Unknown',
  mot: null,
};

const fixtureSchema = z.object({
  vehicles: z.record(
    z.string(),
    z.object({
      make: z.string(),
      model: z.string(),
      colour: z.string(),
      fuel_type: z.string(),
      mot: z
        .object({ date_completed: z.string().nullable(), expiry_date: z.string().nullable(), passed: z.boolean() })
        .nullable(),
    }),
  ),
});

/** The embedded default: `templates/vehicle-lookup.json` (or `file`). */
export function fixtureLookup(file = path.join(TEMPLATES_DIR, 'vehicle-lookup.json')): VehicleLookup {
  let loaded: Promise<z.infer<typeof fixtureSchema>> | undefined;
  return {
    async lookup(registration) {
      loaded ??= fs.readFile(file, 'utf8').then((text) => fixtureSchema.parse(JSON.parse(text)));
      const v = (await loaded).vehicles[registration];
      if (!v) return UNKNOWN_VEHICLE;
      return {
        make: v.make,
        model: v.model,
        colour: v.colour,
        fuelType: v.fuel_type,
        mot: v.mot && { dateCompleted: v.mot.date_completed, expiryDate: v.mot.expiry_date, passed: v.mot.passed },
      };
    },
  };
}

const dvlaAnswer = z.object({
  make: z.string().optional(),
  colour: z.string().optional(),
  fuelType: z.string().optional(),
});
const motAnswer = z.object({
  model: z.string().optional(),
  motTests: z
    .array(
      z.object({ completedDate: z.string(), testResult: z.string(), expiryDate: z.string().nullable().optional() }),
    )
    .optional(),
});

/**
 * The government services. DVLA VES: `POST {url}` with `x-api-key` and `{ registrationNumber }`.
 * DVSA MOT history: an OAuth 2.0 client-credentials token, then `GET {url}/{registration}` with
 * `x-api-key`. A 404 from either means "not found"; other failures throw (the caller decides).
 */
export function governmentLookup(
  settings: Extract<AppConfig['vehicleLookup'], { mode: 'government' }>,
  fetchImpl: typeof fetch = fetch,
): VehicleLookup {
  let token: { value: string; until: number } | undefined;
  async function motToken(mot: NonNullable<typeof settings.mot>): Promise<string> {
    if (token && token.until > Date.now() + 30_000) return token.value;
    const res = await fetchImpl(mot.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: mot.clientId,
        client_secret: mot.clientSecret,
        scope: mot.scope,
      }),
      signal: AbortSignal.timeout(LOOKUP_TIMEOUT_MS),
    });
    if (!res.ok) throw new Error(`DVSA token request failed (${res.status})`);
    const body = z.object({ access_token: z.string(), expires_in: z.number().optional() }).parse(await res.json());
    token = { value: body.access_token, until: Date.now() + (body.expires_in ?? 3600) * 1000 };
    return token.value;
  }
  return {
    async lookup(registration) {
      const dvlaRes = await fetchImpl(settings.dvla.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': settings.dvla.apiKey },
        body: JSON.stringify({ registrationNumber: registration }),
        signal: AbortSignal.timeout(LOOKUP_TIMEOUT_MS),
      });
      if (dvlaRes.status === 404) return UNKNOWN_VEHICLE;
      if (!dvlaRes.ok) throw new Error(`DVLA lookup failed (${dvlaRes.status})`);
      const dvla = dvlaAnswer.parse(await dvlaRes.json());
      let model = 'Unknown';
      let mot: VehicleDetails['mot'] = null;
      if (settings.mot) {
        const motRes = await fetchImpl(`${settings.mot.url}/${encodeURIComponent(registration)}`, {
          headers: {
            authorization: `Bearer ${await motToken(settings.mot)}`,
            'x-api-key': settings.mot.apiKey,
            accept: 'application/json',
          },
          signal: AbortSignal.timeout(LOOKUP_TIMEOUT_MS),
        });
        if (motRes.ok) {
          const history = motAnswer.parse(await motRes.json());
          model = history.model ?? model;
          const latest = [...(history.motTests ?? [])].sort((a, b) =>
            b.completedDate.localeCompare(a.completedDate),
          )[0];
          if (latest) {
            mot = {
              dateCompleted: latest.completedDate.slice(0, 10),
              expiryDate: latest.expiryDate?.slice(0, 10) ?? null,
              passed: latest.testResult === 'PASSED',
            };
          }
        } else if (motRes.status !== 404) {
          throw new Error(`DVSA MOT history lookup failed (${motRes.status})`);
        }
      }
      return {
        make: dvla.make ?? 'Unknown',
        model,
        colour: dvla.colour ?? 'Unknown',
        fuelType: dvla.fuelType ?? 'Unknown',
        mot,
      };
    },
  };
}

/** The lookup the config asks for. */
export function createVehicleLookup(config: Pick<AppConfig, 'vehicleLookup'>): VehicleLookup {
  return config.vehicleLookup.mode === 'government' ? governmentLookup(config.vehicleLookup) : fixtureLookup();
}
