/**
 * The whole state of the mock backend: what the seed produces, what the store mutates, what `--data` persists.
 * Kept as plain arrays of plain objects so a snapshot is a `structuredClone` and a file is `JSON.stringify`.
 */
import { z } from 'zod';
import {
  countrySchema,
  droneSchema,
  fieldSchema,
  planSchema,
  regionSchema,
  robotSchema,
  rubberTreeSchema,
  sensorControlSystemSchema,
  tappingSchema,
  taskSchema,
  treeMeasurementSchema,
} from '../contracts/api.js';

export const MOCK_STATE_VERSION = 1;

export const accountSchema = z.object({
  username: z.string().min(1),
  role: z.string().min(1),
  /** `scrypt$<salt hex>$<key hex>`; see mocks/auth.ts. */
  passwordHash: z.string().startsWith('scrypt$'),
});

export const storedRegionSchema = regionSchema.extend({ countryId: z.number().int().min(1) });
export type StoredRegion = z.infer<typeof storedRegionSchema>;

export const storedFieldSchema = fieldSchema.extend({ regionId: z.number().int().min(1) });
export type StoredField = z.infer<typeof storedFieldSchema>;

export const mockStateSchema = z.object({
  version: z.literal(MOCK_STATE_VERSION),
  seed: z.number().int(),
  accounts: z.array(accountSchema),
  countries: z.array(countrySchema),
  regions: z.array(storedRegionSchema),
  fields: z.array(storedFieldSchema),
  plans: z.array(planSchema),
  tasks: z.array(taskSchema),
  tappings: z.array(tappingSchema),
  drones: z.array(droneSchema),
  sensorSystems: z.array(sensorControlSystemSchema),
  trees: z.array(rubberTreeSchema),
  measurements: z.array(treeMeasurementSchema),
  robots: z.array(robotSchema),
});
export type MockState = z.infer<typeof mockStateSchema>;

export { DEMO_ACCOUNT, DEMO_PASSWORD_HASH } from './demo-account.js';
