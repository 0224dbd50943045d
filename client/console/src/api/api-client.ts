/**
 * The console's one API module: every call the console makes, typed from `contracts/api`, with relative URLs so
 * the studio's server (mock or proxy) answers on the same origin.
 */
import {
  EXPIRED_TOKEN_BODY,
  INVALID_TOKEN_BODY,
  type Credentials,
  type DroneInput,
  type DroneUpdateInput,
  type RouteName,
  type RouteResponse,
} from '@contracts/api';
import { useSessionStore } from '../session/session-store';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type Query = Record<string, string | number | undefined>;

/** What the console does when the API says the session is over; the router replaces it with a navigation. */
let onSessionEnded: () => void = () => {
  window.location.assign('/login');
};
export function setSessionEndedHandler(handler: () => void): void {
  onSessionEnded = handler;
}

function withQuery(path: string, query?: Query): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

async function request<N extends RouteName>(
  _route: N,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  options: { query?: Query; body?: unknown; auth?: boolean } = {},
): Promise<RouteResponse<N>> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const token = options.auth === false ? null : useSessionStore.getState().token;
  if (token) headers.authorization = `Bearer ${token}`;

  const response = await fetch(withQuery(path, options.query), {
    method,
    headers,
    credentials: 'include',
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  if (response.status === 401 && (text === EXPIRED_TOKEN_BODY || text === INVALID_TOKEN_BODY)) {
    useSessionStore.getState().signOut(text === EXPIRED_TOKEN_BODY ? 'expired' : 'invalid');
    onSessionEnded();
    throw new ApiError(401, text, text);
  }
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // a non-JSON answer stays text
  }
  if (!response.ok) {
    const message =
      typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string'
        ? body.message
        : `HTTP error! status: ${response.status}`;
    throw new ApiError(response.status, message, body);
  }
  return body as RouteResponse<N>;
}

type Paging = { page: number; size?: number };

export const api = {
  login: (body: Credentials) => request('login', 'POST', '/api/account/login', { body, auth: false }),
  register: (body: Credentials) => request('register', 'POST', '/api/account/regis', { body, auth: false }),

  countryAll: (q: Paging) => request('countryAll', 'GET', '/country/all', { query: q }),
  vamCountryAll: (q: Paging) => request('vamCountryAll', 'GET', '/vam/country/all', { query: q }),
  regionsOfCountry: (q: Paging & { countryId: number }) =>
    request('regionsOfCountry', 'GET', '/vam/region/country', { query: q }),
  fieldsOfRegion: (q: Paging & { regionId: number }) =>
    request('fieldsOfRegion', 'GET', '/vam/field/region', { query: q }),
  fieldsOfCountry: (q: Paging & { countryId: number }) =>
    request('fieldsOfCountry', 'GET', '/vam/field/country', { query: q }),
  plansOfField: (q: Paging & { fieldId: number }) =>
    request('plansOfField', 'GET', '/vam/plan/plan-field', { query: q }),
  planDetail: (q: { planId: number }) =>
    request('planDetail', 'GET', '/vam/plan/plan-field/detail', { query: q }),

  taskAll: (q: Paging) => request('taskAll', 'GET', '/vam/task/all', { query: q }),
  tasksOfRobot: (q: Paging & { robotId: number }) =>
    request('tasksOfRobot', 'GET', '/vam/task/task-robot', { query: q }),
  tasksOfPlan: (q: Paging & { planId: number }) =>
    request('tasksOfPlan', 'GET', '/vam/task/task-plan', { query: q }),
  tappingList: (q: Paging) => request('tappingList', 'GET', '/vam/tapping/getlist', { query: q }),
  tappingDetail: (id: number) =>
    request('tappingDetail', 'GET', `/vam/tapping/detail/${encodeURIComponent(id)}`),

  droneList: (q: Paging) => request('droneList', 'GET', '/vam/drone/list', { query: q }),
  droneDetails: (droneId: number) =>
    request('droneDetails', 'GET', '/vam/drone/list/details', { query: { droneId } }),
  droneCreate: (body: DroneInput) => request('droneCreate', 'POST', '/vam/drone/create', { body }),
  droneUpdate: (id: number, body: DroneUpdateInput) =>
    request('droneUpdate', 'PUT', `/vam/drone/update/${encodeURIComponent(id)}`, { body }),
  droneDelete: (id: number) => request('droneDelete', 'DELETE', `/vam/drone/delete/${encodeURIComponent(id)}`),
  droneSensorSystem: (droneId: number) =>
    request('droneSensorSystem', 'GET', '/vam/drone/list/details/scs', { query: { droneId } }),

  treesOfField: (q: Paging & { fieldId: number }) =>
    request('treesOfField', 'GET', '/vam/rubber-tree/tree-field', { query: q }),
  treeDelete: (treeId: number) =>
    request('treeDelete', 'DELETE', `/vam/rubber-tree/delete/${encodeURIComponent(treeId)}`),
  treeMeasurements: (treeId: number) =>
    request('treeMeasurements', 'GET', '/vam/rubber-tree/tree-details', { query: { treeId } }),

  robotList: (q: Paging) => request('robotList', 'GET', '/vam/robot/getList', { query: q }),
  robotDetail: (id: number) =>
    request('robotDetail', 'GET', `/vam/robot/robotdetail/${encodeURIComponent(id)}`),
} satisfies { [N in RouteName]: (...args: never[]) => Promise<RouteResponse<N>> };
