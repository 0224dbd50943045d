/**
 * The plantation API contract: every entity, every answer shape and the route table that the mock serves,
 * the proxy forwards and the console calls. One source of truth for all three, so a drift between them is a
 * type error rather than a blank screen.
 *
 * Pure TypeScript plus zod: imports nothing from other folders of this project.
 */
import { z } from 'zod';
import { API_ROUTES, type ApiRouteName, type RouteHead } from './api-routes.js';

export { API_PREFIXES, type ApiRouteName, type RouteHead } from './api-routes.js';

// ---------------------------------------------------------------------------------------------------------------
// Constants of the contract
// ---------------------------------------------------------------------------------------------------------------

export const DRONE_STATUSES = ['inactive', 'active', 'flying', 'maintenance'] as const;
export type DroneStatus = (typeof DRONE_STATUSES)[number];

export const DRONE_DIRECTIONS = [
  'North',
  'South',
  'East',
  'West',
  'Northeast',
  'Northwest',
  'Southeast',
  'Southwest',
] as const;

export const SENSOR_STATUSES = ['active', 'inactive', 'maintenance', 'error'] as const;

/** The two 401 bodies the console reacts to by signing out (docs/console.md#session-expiry). Plain text, not JSON. */
export const INVALID_TOKEN_BODY = 'Invalid JWT token';
export const EXPIRED_TOKEN_BODY = 'Token has expired';

// ---------------------------------------------------------------------------------------------------------------
// Pages and envelopes
// ---------------------------------------------------------------------------------------------------------------

/** A Spring-style page; `number` is zero-based. */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    content: z.array(item),
    number: z.number().int().min(0),
    size: z.number().int().min(1),
    totalElements: z.number().int().min(0),
    totalPages: z.number().int().min(0),
    numberOfElements: z.number().int().min(0),
    first: z.boolean(),
    last: z.boolean(),
    empty: z.boolean(),
    pageable: z.object({
      pageNumber: z.number().int().min(0),
      pageSize: z.number().int().min(1),
      offset: z.number().int().min(0),
    }),
  });
}
export type { Page } from './spring-page.js';

/** "Wrapped" answers put the page or object under `data`. */
export function wrapped<T extends z.ZodType>(inner: T) {
  return z.object({ data: inner });
}

export const errorBodySchema = z.object({ message: z.string() });

export const fieldErrorSchema = z.object({ field: z.string(), message: z.string() });
export const validationErrorBodySchema = z.object({
  message: z.string(),
  errors: z.array(fieldErrorSchema),
});

// ---------------------------------------------------------------------------------------------------------------
// Entities
// ---------------------------------------------------------------------------------------------------------------

const id = z.number().int().min(1);
/** ISO-8601 date-time, as the real API sends it. */
const dateTime = z.string().refine((s) => !Number.isNaN(Date.parse(s)), 'phải là ngày giờ ISO 8601');

/** A lone surrogate (half of an emoji, cut off) cannot be stored as text or shown: refused wherever text comes in. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
export function isWellFormedText(value: string): boolean {
  return !LONE_SURROGATE.test(value);
}
const wellFormed = (label: string) => (schema: z.ZodString) => schema.refine(isWellFormedText, `${label} chứa ký tự không hợp lệ`);

/** The longest username and password a person may choose (docs/console.md#session). */
export const USERNAME_MAX_LENGTH = 50;
export const PASSWORD_MAX_LENGTH = 128;

export const credentialsSchema = z.object({
  username: wellFormed('Tên đăng nhập')(
    z.string().trim().min(1, 'Tên đăng nhập là bắt buộc').max(USERNAME_MAX_LENGTH, `Tên đăng nhập tối đa ${USERNAME_MAX_LENGTH} ký tự`),
  ),
  // Why not trimmed: spaces inside a password are the person's choice; only a password of nothing but spaces is none.
  password: wellFormed('Mật khẩu')(
    z
      .string()
      .min(1, 'Mật khẩu là bắt buộc')
      .max(PASSWORD_MAX_LENGTH, `Mật khẩu tối đa ${PASSWORD_MAX_LENGTH} ký tự`)
      .refine((value) => value === '' || value.trim() !== '', 'Mật khẩu không được chỉ gồm khoảng trắng'),
  ),
});
export type Credentials = z.infer<typeof credentialsSchema>;

export const loginAnswerSchema = wrapped(z.object({ token: z.string().min(1), role: z.string().min(1) }));

export const registerAnswerSchema = wrapped(z.object({ username: z.string(), role: z.string() }));

export const countrySchema = z.object({ countryId: id, countryName: z.string().min(1) });
export type Country = z.infer<typeof countrySchema>;

export const regionSchema = z.object({ regionId: id, regionName: z.string().min(1) });
export type Region = z.infer<typeof regionSchema>;

/** `area` is in hectares. */
export const fieldSchema = z.object({ fieldId: id, fieldName: z.string().min(1), area: z.number().min(0) });

export const planSchema = z.object({
  planId: id,
  fieldId: id,
  planTitle: z.string().nullable(),
  planDescription: z.string().nullable(),
  startDate: dateTime,
});
export type Plan = z.infer<typeof planSchema>;

export const taskSchema = z.object({ taskId: id, robotId: id, planId: id, actionDetail: z.string() });
export type Task = z.infer<typeof taskSchema>;

export const tappingSummarySchema = z.object({
  id,
  robotId: id,
  treeId: id,
  direction: z.string(),
});

/** Optional measurements are `null` when the robot did not report them (the console shows 'Chưa xác định'). */
export const tappingSchema = tappingSummarySchema.extend({
  speed: z.number().min(0).nullable(),
  quantity: z.number().min(0).nullable(),
  tappingStatus: z.string().nullable(),
  angle: z.number().nullable(),
  depth: z.number().min(0).nullable(),
  bladeStatus: z.string().nullable(),
  windDirection: z.string().nullable(),
  windSpeed: z.number().min(0).nullable(),
  temperature: z.number().nullable(),
  rainfall: z.number().min(0).nullable(),
  time: dateTime.nullable(),
});
export type Tapping = z.infer<typeof tappingSchema>;

const droneStatus = z.enum(DRONE_STATUSES);

/** List item; name, status, batteryLevel and lastUpdate are extension fields (docs/glossary.md#extension-fields). */
export const droneSummarySchema = z.object({
  droneId: id,
  robotId: id,
  sensorControlSystemId: id,
  name: z.string().optional(),
  status: droneStatus.optional(),
  batteryLevel: z.number().min(0).max(100).optional(),
  lastUpdate: dateTime.optional(),
});
export type DroneSummary = z.infer<typeof droneSummarySchema>;

export const droneDetailsSchema = z.object({
  droneInfoId: id,
  direction: z.string(),
  speed: z.number().min(0),
  height: z.number().min(0),
  currentLocation: z.string(),
  image: z.string(),
  droneId: id.optional(),
  name: z.string().optional(),
  status: droneStatus.optional(),
  batteryLevel: z.number().min(0).max(100).optional(),
  lastUpdate: dateTime.optional(),
});
export type DroneDetails = z.infer<typeof droneDetailsSchema>;

/** What create and update answer: the whole stored drone. */
export const droneSchema = droneSummarySchema.required().extend({
  droneInfoId: id,
  direction: z.string(),
  speed: z.number().min(0),
  height: z.number().min(0),
  currentLocation: z.string(),
  image: z.string(),
});
export type Drone = z.infer<typeof droneSchema>;

const numberFrom = (label: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
    z.number({ error: `${label} phải là số` }).refine(Number.isFinite, `${label} phải là số`),
  );

/** Limits of the drone rules (docs/console.md#drone-rules). */
export const DRONE_NAME_MAX_LENGTH = 100;
export const DRONE_LOCATION_MAX_LENGTH = 200;
export const DRONE_SPEED_MAX = 200;
export const DRONE_HEIGHT_MAX = 500;

/** Whether a number has at most one decimal (the 0.1 step of speed and height), within floating-point noise. */
export function isTenths(value: number): boolean {
  return Math.abs(value * 10 - Math.round(value * 10)) < 1e-6;
}

const tenthsUpTo = (label: string, max: number, unit: string) =>
  numberFrom(label).pipe(
    z
      .number()
      .min(0, `${label} không được âm`)
      .max(max, `${label} tối đa ${max} ${unit}`)
      .refine(isTenths, `${label} chỉ có một chữ số thập phân (bước 0,1)`),
  );

const batteryLevel = numberFrom('Mức pin').pipe(z.number().min(0, 'Mức pin phải từ 0 đến 100').max(100, 'Mức pin phải từ 0 đến 100'));

/**
 * The add drone body (docs/console.md#drone-rules). Used by the mock to answer 400 with every bad field, and
 * by the console to check the form as the user types, so both say the same thing.
 */
export const droneInputSchema = z.object({
  name: wellFormed('Tên drone')(
    z
      .string({ error: 'Tên drone là bắt buộc' })
      .trim()
      .min(1, 'Tên drone là bắt buộc')
      .max(DRONE_NAME_MAX_LENGTH, `Tên drone tối đa ${DRONE_NAME_MAX_LENGTH} ký tự`),
  ),
  direction: z.union([z.enum(DRONE_DIRECTIONS), z.literal('')], {
    error: `Hướng phải là một trong: ${DRONE_DIRECTIONS.join(', ')} hoặc để trống`,
  }),
  speed: tenthsUpTo('Tốc độ', DRONE_SPEED_MAX, 'km/h'),
  height: tenthsUpTo('Độ cao', DRONE_HEIGHT_MAX, 'm'),
  currentLocation: wellFormed('Vị trí')(
    z.string({ error: 'Vị trí phải là chuỗi' }).max(DRONE_LOCATION_MAX_LENGTH, `Vị trí tối đa ${DRONE_LOCATION_MAX_LENGTH} ký tự`),
  ),
  status: z.enum(DRONE_STATUSES, { error: `Trạng thái phải là một trong: ${DRONE_STATUSES.join(', ')}` }),
  batteryLevel,
  robotId: numberFrom('Robot ID').pipe(z.number().int('Robot ID phải là số nguyên').min(1, 'Robot ID phải từ 1 trở lên')),
  sensorControlSystemId: numberFrom('Sensor control system ID').pipe(
    z.number().int('Sensor control system ID phải là số nguyên').min(1, 'Sensor control system ID phải từ 1 trở lên'),
  ),
});
export type DroneInput = z.infer<typeof droneInputSchema>;

/** The edit drone body: the same rules, but the battery level may be left out (required on create only). */
export const droneUpdateSchema = droneInputSchema.extend({
  batteryLevel: z.preprocess((v) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v), batteryLevel.optional()),
});
export type DroneUpdateInput = z.infer<typeof droneUpdateSchema>;

/** Create defaults (docs/console.md#drone-rules). */
export const DRONE_CREATE_DEFAULTS: DroneInput = {
  name: '',
  direction: '',
  speed: 0,
  height: 0,
  currentLocation: '',
  status: 'inactive',
  batteryLevel: 100,
  robotId: 1,
  sensorControlSystemId: 1,
};

const sensorStatus = z.enum(SENSOR_STATUSES);
export const sensorControlSystemSchema = z.object({
  scsId: id,
  lidarId: id,
  lidarModel: z.string(),
  cameraId: id,
  cameraModel: z.string(),
  radarId: id,
  radarModel: z.string(),
  lidarStatus: sensorStatus.optional(),
  cameraStatus: sensorStatus.optional(),
  radarStatus: sensorStatus.optional(),
  lastUpdate: dateTime.optional(),
});
export type SensorControlSystem = z.infer<typeof sensorControlSystemSchema>;

/** status and productivity are extension fields: stored data, never fixed texts. */
export const rubberTreeSchema = z.object({
  treeId: id,
  fieldId: id,
  location: z.string(),
  status: z.string().optional(),
  productivity: z.string().optional(),
});
export type RubberTree = z.infer<typeof rubberTreeSchema>;

/**
 * Heights in metres, diameter and circumference in centimetres; the misspellings are the contract's. `fieldId` and
 * `location` are extension fields: the measured tree's own, so a detail page opened directly knows where the tree is.
 */
export const treeMeasurementSchema = z.object({
  id,
  treeId: id,
  checkDate: dateTime,
  topHeight: z.number().min(0),
  crownHeight: z.number().min(0),
  diamEter: z.number().min(0),
  cirumFerence: z.number().min(0),
  fieldId: id.optional(),
  location: z.string().optional(),
});
export type TreeMeasurement = z.infer<typeof treeMeasurementSchema>;

export const robotSummarySchema = z.object({
  id,
  typeRobot: z.string(),
  model: z.string(),
  status: z.boolean(),
});
export type RobotSummary = z.infer<typeof robotSummarySchema>;

/** `time` is when the robot last reported; `energy` its charge in percent. */
export const robotSchema = robotSummarySchema.extend({
  time: dateTime,
  energy: z.number().min(0).max(100),
});
export type Robot = z.infer<typeof robotSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Request inputs
// ---------------------------------------------------------------------------------------------------------------

/** Query integers arrive as strings; a value that is not a whole number is a 400, not a NaN. */
const queryInt = (min: number) =>
  z
    .string()
    // Each check stops the ones after it, so that a value gets one message: twenty digits are one error ('too
    // large'), not also 'not a whole number' for the float they would become.
    .regex(/^\d+$/, { message: 'phải là số nguyên không âm', abort: true })
    .refine((text) => Number.isSafeInteger(Number(text)), { message: `tối đa là ${Number.MAX_SAFE_INTEGER}`, abort: true })
    .transform(Number)
    .pipe(z.number().int().min(min));

const pageQuery = (defaultSize: number) => ({
  page: queryInt(0).default(0),
  size: queryInt(1)
    .pipe(z.number().max(100, 'tối đa là 100'))
    .default(defaultSize),
});

const noQuery = z.object({}).loose();
const noParams = z.object({});
const noBody = z.unknown();

// ---------------------------------------------------------------------------------------------------------------
// The route table
// ---------------------------------------------------------------------------------------------------------------

export interface RouteSchemas {
  query: z.ZodType;
  params: z.ZodType;
  body: z.ZodType;
  response: z.ZodType;
}

export interface RouteDef extends RouteHead, RouteSchemas {}

/** A route of API_ROUTES with its schemas. */
function route<const H extends RouteHead, const S extends RouteSchemas>(head: H, schemas: S): H & S {
  return { ...head, ...schemas };
}

const idParam = z.object({ id: queryInt(1) });

export const routes = {
  login: route(API_ROUTES.login, {
    query: noQuery,
    params: noParams,
    body: credentialsSchema,
    response: loginAnswerSchema,
  }),
  register: route(API_ROUTES.register, {
    query: noQuery,
    params: noParams,
    body: credentialsSchema,
    response: registerAnswerSchema,
  }),
  countryAll: route(API_ROUTES.countryAll, {
    query: z.object(pageQuery(6)),
    params: noParams,
    body: noBody,
    response: pageOf(countrySchema),
  }),
  vamCountryAll: route(API_ROUTES.vamCountryAll, {
    query: z.object(pageQuery(6)),
    params: noParams,
    body: noBody,
    response: pageOf(countrySchema),
  }),
  regionsOfCountry: route(API_ROUTES.regionsOfCountry, {
    query: z.object({ countryId: queryInt(1), ...pageQuery(6) }),
    params: noParams,
    body: noBody,
    response: pageOf(regionSchema),
  }),
  fieldsOfRegion: route(API_ROUTES.fieldsOfRegion, {
    query: z.object({ regionId: queryInt(1), ...pageQuery(6) }),
    params: noParams,
    body: noBody,
    response: pageOf(fieldSchema),
  }),
  fieldsOfCountry: route(API_ROUTES.fieldsOfCountry, {
    query: z.object({ countryId: queryInt(1), ...pageQuery(6) }),
    params: noParams,
    body: noBody,
    response: pageOf(fieldSchema),
  }),
  plansOfField: route(API_ROUTES.plansOfField, {
    query: z.object({ fieldId: queryInt(1), ...pageQuery(6) }),
    params: noParams,
    body: noBody,
    response: pageOf(planSchema),
  }),
  planDetail: route(API_ROUTES.planDetail, {
    query: z.object({ planId: queryInt(1) }),
    params: noParams,
    body: noBody,
    response: planSchema,
  }),
  taskAll: route(API_ROUTES.taskAll, {
    query: z.object(pageQuery(6)),
    params: noParams,
    body: noBody,
    response: wrapped(pageOf(taskSchema)),
  }),
  tasksOfRobot: route(API_ROUTES.tasksOfRobot, {
    query: z.object({ robotId: queryInt(1), ...pageQuery(6) }),
    params: noParams,
    body: noBody,
    response: wrapped(pageOf(taskSchema)),
  }),
  tasksOfPlan: route(API_ROUTES.tasksOfPlan, {
    query: z.object({ planId: queryInt(1), ...pageQuery(6) }),
    params: noParams,
    body: noBody,
    response: wrapped(pageOf(taskSchema)),
  }),
  tappingList: route(API_ROUTES.tappingList, {
    query: z.object(pageQuery(6)),
    params: noParams,
    body: noBody,
    response: wrapped(pageOf(tappingSummarySchema)),
  }),
  tappingDetail: route(API_ROUTES.tappingDetail, {
    query: noQuery,
    params: idParam,
    body: noBody,
    response: wrapped(tappingSchema),
  }),
  droneList: route(API_ROUTES.droneList, {
    query: z.object(pageQuery(6)),
    params: noParams,
    body: noBody,
    response: pageOf(droneSummarySchema),
  }),
  droneDetails: route(API_ROUTES.droneDetails, {
    query: z.object({ droneId: queryInt(1) }),
    params: noParams,
    body: noBody,
    response: droneDetailsSchema,
  }),
  droneCreate: route(API_ROUTES.droneCreate, {
    query: noQuery,
    params: noParams,
    // Checked by the handler against droneInputSchema so that every bad field is named in one 400.
    body: z.unknown(),
    response: droneSchema,
  }),
  droneUpdate: route(API_ROUTES.droneUpdate, {
    query: noQuery,
    params: idParam,
    body: z.unknown(),
    response: droneSchema,
  }),
  droneDelete: route(API_ROUTES.droneDelete, {
    query: noQuery,
    params: idParam,
    body: noBody,
    response: errorBodySchema,
  }),
  droneSensorSystem: route(API_ROUTES.droneSensorSystem, {
    query: z.object({ droneId: queryInt(1) }),
    params: noParams,
    body: noBody,
    response: sensorControlSystemSchema,
  }),
  treesOfField: route(API_ROUTES.treesOfField, {
    query: z.object({ fieldId: queryInt(1), ...pageQuery(6) }),
    params: noParams,
    body: noBody,
    response: pageOf(rubberTreeSchema),
  }),
  treeDelete: route(API_ROUTES.treeDelete, {
    query: noQuery,
    params: idParam,
    body: noBody,
    response: errorBodySchema,
  }),
  treeMeasurements: route(API_ROUTES.treeMeasurements, {
    query: z.object({ treeId: queryInt(1) }),
    params: noParams,
    body: noBody,
    response: z.array(treeMeasurementSchema),
  }),
  robotList: route(API_ROUTES.robotList, {
    query: z.object(pageQuery(10)),
    params: noParams,
    body: noBody,
    response: pageOf(robotSummarySchema),
  }),
  robotDetail: route(API_ROUTES.robotDetail, {
    query: noQuery,
    params: idParam,
    body: noBody,
    response: robotSchema,
  }),
} as const satisfies { [N in ApiRouteName]: RouteDef };

export type Routes = typeof routes;
export type RouteName = keyof Routes;
export type RouteQuery<N extends RouteName> = z.output<Routes[N]['query']>;
export type RouteParams<N extends RouteName> = z.output<Routes[N]['params']>;
export type RouteBody<N extends RouteName> = z.output<Routes[N]['body']>;
export type RouteResponse<N extends RouteName> = z.output<Routes[N]['response']>;

