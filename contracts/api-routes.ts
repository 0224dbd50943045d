/**
 * The plantation API's route table without its schemas: each route's method, path, whether it needs a bearer
 * token, and the status of a successful answer. contracts/api.ts adds the schemas to this same table.
 *
 * Why apart: plain data costs nothing to load, so a server can register the routes at start and load the
 * schemas (hundreds of zod objects) with the code that answers them, on the first call.
 */

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RouteHead {
  method: Method;
  /** Fastify-style path (`:id` for a path parameter). */
  path: string;
  /** Whether the call needs `Authorization: Bearer <jwt>`. */
  auth: boolean;
  /** Status of a successful answer. */
  status: 200 | 201;
}

export const API_ROUTES = {
  login: { method: 'POST', path: '/api/account/login', auth: false, status: 200 },
  register: { method: 'POST', path: '/api/account/regis', auth: false, status: 201 },
  countryAll: { method: 'GET', path: '/country/all', auth: true, status: 200 },
  vamCountryAll: { method: 'GET', path: '/vam/country/all', auth: true, status: 200 },
  regionsOfCountry: { method: 'GET', path: '/vam/region/country', auth: true, status: 200 },
  fieldsOfRegion: { method: 'GET', path: '/vam/field/region', auth: true, status: 200 },
  fieldsOfCountry: { method: 'GET', path: '/vam/field/country', auth: true, status: 200 },
  plansOfField: { method: 'GET', path: '/vam/plan/plan-field', auth: true, status: 200 },
  planDetail: { method: 'GET', path: '/vam/plan/plan-field/detail', auth: true, status: 200 },
  taskAll: { method: 'GET', path: '/vam/task/all', auth: true, status: 200 },
  tasksOfRobot: { method: 'GET', path: '/vam/task/task-robot', auth: true, status: 200 },
  tasksOfPlan: { method: 'GET', path: '/vam/task/task-plan', auth: true, status: 200 },
  tappingList: { method: 'GET', path: '/vam/tapping/getlist', auth: true, status: 200 },
  tappingDetail: { method: 'GET', path: '/vam/tapping/detail/:id', auth: true, status: 200 },
  droneList: { method: 'GET', path: '/vam/drone/list', auth: true, status: 200 },
  droneDetails: { method: 'GET', path: '/vam/drone/list/details', auth: true, status: 200 },
  droneCreate: { method: 'POST', path: '/vam/drone/create', auth: true, status: 201 },
  droneUpdate: { method: 'PUT', path: '/vam/drone/update/:id', auth: true, status: 200 },
  droneDelete: { method: 'DELETE', path: '/vam/drone/delete/:id', auth: true, status: 200 },
  droneSensorSystem: { method: 'GET', path: '/vam/drone/list/details/scs', auth: true, status: 200 },
  treesOfField: { method: 'GET', path: '/vam/rubber-tree/tree-field', auth: true, status: 200 },
  treeDelete: { method: 'DELETE', path: '/vam/rubber-tree/delete/:id', auth: true, status: 200 },
  treeMeasurements: { method: 'GET', path: '/vam/rubber-tree/tree-details', auth: true, status: 200 },
  robotList: { method: 'GET', path: '/vam/robot/getList', auth: true, status: 200 },
  robotDetail: { method: 'GET', path: '/vam/robot/robotdetail/:id', auth: true, status: 200 },
} as const satisfies Record<string, RouteHead>;

export type ApiRouteName = keyof typeof API_ROUTES;

/** The URL prefixes that belong to the plantation API (mocked or proxied); everything else is the console's. */
export const API_PREFIXES = ['/api/', '/vam/', '/country/'] as const;

export function isApiPath(url: string): boolean {
  return API_PREFIXES.some((prefix) => url.startsWith(prefix));
}
