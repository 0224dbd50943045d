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
export type Account = z.infer<typeof accountSchema>;

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

/** The account every fresh mock has; documented in the README. */
export const DEMO_ACCOUNT = { username: 'demo', password: 'demo123', role: 'ADMIN' } as const;

/** scrypt of the demo password, worked out once: hashing it at every start would cost 50 ms of start-up. */
export const DEMO_PASSWORD_HASH =
  'scrypt$86a383a3a3303f40ec25975192c64948$c3bb5e1220d62ef7bf7446362b0b5fc75be4d16cac2ad3910c0403bbf3b73a6a';
