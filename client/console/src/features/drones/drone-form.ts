/**
 * The add/edit drone form (docs/console.md#drone-rules): its text values, their check against the contract's
 * `droneInputSchema` (the same schema the server checks, so both say the same thing), and the server's 400
 * mapped back onto the fields.
 */
import {
  DRONE_CREATE_DEFAULTS,
  droneInputSchema,
  droneUpdateSchema,
  validationErrorBodySchema,
  type DroneInput,
  type DroneUpdateInput,
} from '@contracts/api';
import type { DroneView } from './drone-view-model';

export const DRONE_FORM_FIELDS = [
  'name',
  'direction',
  'speed',
  'height',
  'currentLocation',
  'status',
  'batteryLevel',
  'robotId',
  'sensorControlSystemId',
] as const satisfies readonly (keyof DroneInput)[];
export type DroneFormField = (typeof DRONE_FORM_FIELDS)[number];

/** What the inputs hold: numbers as typed, so '' and '1e' can be told apart from 0. */
export type DroneFormValues = Record<DroneFormField, string>;
export type DroneFormErrors = Partial<Record<DroneFormField, string>>;

function toValues(input: Record<DroneFormField, string | number | null>): DroneFormValues {
  const values = {} as DroneFormValues;
  for (const field of DRONE_FORM_FIELDS) values[field] = input[field] === null ? '' : String(input[field]);
  return values;
}

export function createFormValues(): DroneFormValues {
  return toValues(DRONE_CREATE_DEFAULTS);
}

/** The edit form starts from what is known of the drone; an unknown value starts empty, never guessed. */
export function editFormValues(drone: DroneView): DroneFormValues {
  return toValues({
    name: drone.name,
    direction: drone.direction ?? '',
    speed: drone.speed,
    height: drone.height,
    currentLocation: drone.currentLocation ?? '',
    status: drone.status,
    batteryLevel: drone.batteryLevel,
    robotId: drone.robotId,
    sensorControlSystemId: drone.sensorControlSystemId,
  });
}

const NUMERIC: ReadonlySet<DroneFormField> = new Set(['speed', 'height', 'batteryLevel', 'robotId', 'sensorControlSystemId']);
const REQUIRED_NUMBER_MESSAGES: Partial<Record<DroneFormField, string>> = {
  speed: 'Tốc độ là bắt buộc',
  height: 'Độ cao là bắt buộc',
  batteryLevel: 'Mức pin là bắt buộc',
  robotId: 'Robot ID là bắt buộc',
  sensorControlSystemId: 'Sensor control system ID là bắt buộc',
};

export type DroneFormMode = 'create' | 'edit';
export type DroneFormCheck = { ok: true; input: DroneInput | DroneUpdateInput } | { ok: false; errors: DroneFormErrors };

/** Fields an edit may leave empty: the battery level is required on create only. */
const OPTIONAL_ON_EDIT: ReadonlySet<DroneFormField> = new Set(['batteryLevel']);

/** Every drone rule at once (docs/console.md#drone-rules); the first message per field. */
export function checkDroneForm(values: DroneFormValues, mode: DroneFormMode = 'create'): DroneFormCheck {
  const errors: DroneFormErrors = {};
  const raw: Record<string, unknown> = {};
  for (const field of DRONE_FORM_FIELDS) {
    const text = values[field];
    const optional = mode === 'edit' && OPTIONAL_ON_EDIT.has(field);
    // Why check empty numbers here: the schema would read '' as a missing value with a less helpful message.
    if (NUMERIC.has(field) && text.trim() === '' && !optional) errors[field] = REQUIRED_NUMBER_MESSAGES[field];
    if (!(optional && text.trim() === '')) raw[field] = text;
  }
  const parsed = (mode === 'edit' ? droneUpdateSchema : droneInputSchema).safeParse(raw);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if (isFormField(field) && errors[field] === undefined) errors[field] = issue.message;
    }
  }
  if (Object.keys(errors).length > 0 || !parsed.success) return { ok: false, errors };
  return { ok: true, input: parsed.data };
}

function isFormField(value: unknown): value is DroneFormField {
  return DRONE_FORM_FIELDS.some((f) => f === value);
}

/**
 * The per-field errors of a 400 `{message, errors: [{field, message}]}`; errors about something that is not a
 * field of the form are returned apart so they can be shown above it. Null when the body is not that shape.
 */
export function serverFieldErrors(body: unknown): { fields: DroneFormErrors; other: string[] } | null {
  const parsed = validationErrorBodySchema.safeParse(body);
  if (!parsed.success) return null;
  const fields: DroneFormErrors = {};
  const other: string[] = [];
  for (const { field, message } of parsed.data.errors) {
    if (isFormField(field)) fields[field] ??= message;
    else other.push(message);
  }
  return { fields, other };
}
