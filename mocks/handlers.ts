/**
 * The mock plantation API: one handler per route of `contracts/api`, typed against that table so a handler that
 * answers the wrong shape does not compile. Handlers do no HTTP: they take parsed input and return the body, or
 * throw an error from the server's catalogue.
 */
import {
  droneInputSchema,
  droneUpdateSchema,
  type Drone,
  type DroneInput,
  type DroneUpdateInput,
  type RouteBody,
  type RouteName,
  type RouteParams,
  type RouteQuery,
  type RouteResponse,
} from '../contracts/api.js';
import { safeParseApiInput } from '../contracts/api-messages.js';
import { springPage as paginate } from '../contracts/spring-page.js';
import { apiValidationError, appError, fieldErrorsOf, type FieldErrorDetail } from '../contracts/errors.js';
import { hashPassword, verifyPassword, type TokenIssuer } from './auth.js';
import { droneImage } from './drone-image.js';
import type { MockState } from './mock-state.js';
import type { MockStore } from './mock-store.js';

export interface HandlerInput<N extends RouteName> {
  query: RouteQuery<N>;
  params: RouteParams<N>;
  body: RouteBody<N>;
}

export type MockHandlers = {
  [N in RouteName]: (input: HandlerInput<N>) => RouteResponse<N> | Promise<RouteResponse<N>>;
};

/** How the handlers read the state: afresh on every call, since a reset or a reseed replaces it. */
type StateOf = () => Readonly<MockState>;

export function createMockHandlers(store: MockStore, tokens: TokenIssuer): MockHandlers {
  const state: StateOf = () => store.state;
  return {
    ...accountHandlers(store, tokens),
    ...placeHandlers(state),
    ...workHandlers(state),
    ...droneHandlers(store, state),
    ...treeHandlers(store, state),
    ...robotHandlers(state),
  };
}

const NEW_ACCOUNT_ROLE = 'USER';

function accountHandlers(store: MockStore, tokens: TokenIssuer): Pick<MockHandlers, 'login' | 'register'> {
  const state: StateOf = () => store.state;
  return {
    async login({ body }) {
      const account = state().accounts.find((a) => a.username === body.username.trim());
      // Why verify even without an account: the answer takes as long either way, so names cannot be probed.
      const ok = await verifyPassword(body.password, account?.passwordHash ?? 'scrypt$00$00');
      if (!account || !ok) throw appError('BAD_CREDENTIALS');
      return { data: { token: await tokens.issue(account.username, account.role), role: account.role } };
    },

    async register({ body }) {
      const username = body.username.trim();
      if (state().accounts.some((a) => a.username.toLowerCase() === username.toLowerCase())) {
        throw appError('USERNAME_TAKEN', username);
      }
      const passwordHash = await hashPassword(body.password);
      await store.change((s) => s.accounts.push({ username, role: NEW_ACCOUNT_ROLE, passwordHash }));
      return { data: { username, role: NEW_ACCOUNT_ROLE } };
    },
  };
}

/** Countries, their regions, fields and plans. */
function placeHandlers(
  state: StateOf,
): Pick<MockHandlers, 'countryAll' | 'vamCountryAll' | 'regionsOfCountry' | 'fieldsOfRegion' | 'fieldsOfCountry' | 'plansOfField' | 'planDetail'> {
  const requireCountry = (countryId: number) => {
    if (!state().countries.some((c) => c.countryId === countryId)) throw appError('NOT_FOUND', `Country ${countryId}`);
  };
  return {
    countryAll: ({ query }) => paginate(state().countries, query.page, query.size),
    vamCountryAll: ({ query }) => paginate(state().countries, query.page, query.size),

    regionsOfCountry({ query }) {
      requireCountry(query.countryId);
      const regions = state()
        .regions.filter((r) => r.countryId === query.countryId)
        .map(({ regionId, regionName }) => ({ regionId, regionName }));
      return paginate(regions, query.page, query.size);
    },

    fieldsOfRegion({ query }) {
      if (!state().regions.some((r) => r.regionId === query.regionId)) throw appError('NOT_FOUND', `Region ${query.regionId}`);
      const fields = state()
        .fields.filter((f) => f.regionId === query.regionId)
        .map(({ fieldId, fieldName, area }) => ({ fieldId, fieldName, area }));
      return paginate(fields, query.page, query.size);
    },

    fieldsOfCountry({ query }) {
      requireCountry(query.countryId);
      const regionIds = new Set(state().regions.filter((r) => r.countryId === query.countryId).map((r) => r.regionId));
      const fields = state()
        .fields.filter((f) => regionIds.has(f.regionId))
        .map(({ fieldId, fieldName, area }) => ({ fieldId, fieldName, area }));
      return paginate(fields, query.page, query.size);
    },

    plansOfField: ({ query }) =>
      paginate(
        state().plans.filter((p) => p.fieldId === query.fieldId),
        query.page,
        query.size,
      ),

    planDetail({ query }) {
      const plan = state().plans.find((p) => p.planId === query.planId);
      if (!plan) throw appError('NOT_FOUND', `Plan ${query.planId}`);
      return plan;
    },
  };
}

/** The robots' tasks and the tapping records. */
function workHandlers(state: StateOf): Pick<MockHandlers, 'taskAll' | 'tasksOfRobot' | 'tasksOfPlan' | 'tappingList' | 'tappingDetail'> {
  return {
    taskAll: ({ query }) => ({ data: paginate(state().tasks, query.page, query.size) }),
    tasksOfRobot: ({ query }) => ({
      data: paginate(
        state().tasks.filter((t) => t.robotId === query.robotId),
        query.page,
        query.size,
      ),
    }),
    tasksOfPlan: ({ query }) => ({
      data: paginate(
        state().tasks.filter((t) => t.planId === query.planId),
        query.page,
        query.size,
      ),
    }),

    tappingList: ({ query }) => ({
      data: paginate(
        state().tappings.map(({ id, robotId, treeId, direction }) => ({ id, robotId, treeId, direction })),
        query.page,
        query.size,
      ),
    }),
    tappingDetail({ params }) {
      const tapping = state().tappings.find((t) => t.id === params.id);
      if (!tapping) throw appError('NOT_FOUND', `Tapping ${params.id}`);
      return { data: tapping };
    },
  };
}

function droneHandlers(
  store: MockStore,
  state: StateOf,
): Pick<MockHandlers, 'droneList' | 'droneDetails' | 'droneCreate' | 'droneUpdate' | 'droneDelete' | 'droneSensorSystem'> {
  const findDrone = (id: number) => {
    const drone = state().drones.find((d) => d.droneId === id);
    if (!drone) throw appError('NOT_FOUND', `Drone ${id}`);
    return drone;
  };
  const storeDroneInput = (drone: Drone, input: DroneUpdateInput): Drone => {
    // A battery level left out of an edit keeps the stored one.
    const given = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
    Object.assign(drone, given, { lastUpdate: new Date().toISOString() });
    return { ...drone };
  };
  return {
    droneList: ({ query }) =>
      paginate(
        state().drones.map(({ droneId, robotId, sensorControlSystemId, name, status, batteryLevel, lastUpdate }) => ({
          droneId,
          robotId,
          sensorControlSystemId,
          name,
          status,
          batteryLevel,
          lastUpdate,
        })),
        query.page,
        query.size,
      ),

    droneDetails({ query }) {
      const d = findDrone(query.droneId);
      return {
        droneInfoId: d.droneInfoId,
        direction: d.direction,
        speed: d.speed,
        height: d.height,
        currentLocation: d.currentLocation,
        image: d.image,
        droneId: d.droneId,
        name: d.name,
        status: d.status,
        batteryLevel: d.batteryLevel,
        lastUpdate: d.lastUpdate,
      };
    },

    async droneCreate({ body }) {
      const input = checkedDroneInput(state(), body);
      return store.change((s) => {
        const droneId = Math.max(0, ...s.drones.map((d) => d.droneId)) + 1;
        const droneInfoId = Math.max(0, ...s.drones.map((d) => d.droneInfoId)) + 1;
        const drone: Drone = {
          ...input,
          droneId,
          droneInfoId,
          image: droneImage(droneId),
          lastUpdate: new Date().toISOString(),
        };
        s.drones.push(drone);
        return { ...drone };
      });
    },

    async droneUpdate({ params, body }) {
      findDrone(params.id);
      const input = checkedDroneInput(state(), body, droneUpdateSchema);
      return store.change((s) => {
        // Looked up again in the change's turn: a delete may have been saved since the check above.
        const drone = s.drones.find((d) => d.droneId === params.id);
        if (!drone) throw appError('NOT_FOUND', `Drone ${params.id}`);
        return storeDroneInput(drone, input);
      });
    },

    async droneDelete({ params }) {
      findDrone(params.id);
      await store.change((s) => {
        s.drones = s.drones.filter((d) => d.droneId !== params.id);
      });
      return { message: `Drone ${params.id} deleted` };
    },

    droneSensorSystem({ query }) {
      const drone = findDrone(query.droneId);
      const system = state().sensorSystems.find((s) => s.scsId === drone.sensorControlSystemId);
      if (!system) throw appError('NOT_FOUND', `Sensor control system ${drone.sensorControlSystemId} of drone ${drone.droneId}`);
      return system;
    },
  };
}

/** The drone rules (docs/console.md#drone-rules) by zod, then the references only the server can check. */
function checkedDroneInput<S extends typeof droneInputSchema | typeof droneUpdateSchema = typeof droneInputSchema>(
  state: Readonly<MockState>,
  body: unknown,
  schema: S = droneInputSchema as S,
): S extends typeof droneInputSchema ? DroneInput : DroneUpdateInput {
  const parsed = safeParseApiInput(schema, body ?? {});
  const errors: FieldErrorDetail[] = parsed.success
    ? []
    : fieldErrorsOf(parsed.error.issues);
  // Why read the raw values: a broken name must not hide an unknown robot in the same answer.
  const raw = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const referenced = (field: 'robotId' | 'sensorControlSystemId') => {
    const value = parsed.success ? parsed.data[field] : Number(raw[field]);
    return errors.some((e) => e.field === field) || !Number.isSafeInteger(value) ? undefined : value;
  };
  const robotId = referenced('robotId');
  if (robotId !== undefined && !state.robots.some((r) => r.id === robotId)) {
    errors.push({ field: 'robotId', message: `Robot ${robotId} không tồn tại` });
  }
  const scsId = referenced('sensorControlSystemId');
  if (scsId !== undefined && !state.sensorSystems.some((s) => s.scsId === scsId)) {
    errors.push({ field: 'sensorControlSystemId', message: `Hệ thống cảm biến ${scsId} không tồn tại` });
  }
  if (!parsed.success || errors.length > 0) throw apiValidationError('drone', errors);
  return parsed.data as S extends typeof droneInputSchema ? DroneInput : DroneUpdateInput;
}

/** Rubber trees and their measurements. */
function treeHandlers(store: MockStore, state: StateOf): Pick<MockHandlers, 'treesOfField' | 'treeDelete' | 'treeMeasurements'> {
  return {
    treesOfField: ({ query }) =>
      paginate(
        state().trees.filter((t) => t.fieldId === query.fieldId),
        query.page,
        query.size,
      ),

    async treeDelete({ params }) {
      if (!state().trees.some((t) => t.treeId === params.id)) throw appError('NOT_FOUND', `Rubber tree ${params.id}`);
      await store.change((s) => {
        s.trees = s.trees.filter((t) => t.treeId !== params.id);
        s.measurements = s.measurements.filter((m) => m.treeId !== params.id);
      });
      return { message: `Rubber tree ${params.id} deleted` };
    },

    treeMeasurements({ query }) {
      const tree = state().trees.find((t) => t.treeId === query.treeId);
      if (!tree) throw appError('NOT_FOUND', `Rubber tree ${query.treeId}`);
      // The tree's field and location ride along as extension fields (docs/console.md#values-the-api-does-not-give).
      return state()
        .measurements.filter((m) => m.treeId === query.treeId)
        .sort((a, b) => Date.parse(b.checkDate) - Date.parse(a.checkDate))
        .map((m) => ({ ...m, fieldId: tree.fieldId, location: tree.location }));
    },
  };
}

function robotHandlers(state: StateOf): Pick<MockHandlers, 'robotList' | 'robotDetail'> {
  return {
    robotList: ({ query }) =>
      paginate(
        state().robots.map(({ id, typeRobot, model, status }) => ({ id, typeRobot, model, status })),
        query.page,
        query.size,
      ),

    robotDetail({ params }) {
      const robot = state().robots.find((r) => r.id === params.id);
      if (!robot) throw appError('NOT_FOUND', `Robot ${params.id}`);
      return robot;
    },
  };
}
