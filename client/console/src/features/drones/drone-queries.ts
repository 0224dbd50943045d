/** Query-option factories of the drone screens, shared by each route's loader and its component. */
import type { DroneSummary, Page } from '@contracts/api';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/api-client';
import { errorText } from '../trees/load-error';
import { toDroneView, type DroneView } from './drone-view-model';

/** Drones per page of the management screen (docs/console.md#paging-rules). */
export const DRONE_PAGE_SIZE = 6;
/** The largest page the API serves; used to read every drone in few calls. */
const MAX_PAGE_SIZE = 100;

export const droneKeys = {
  all: ['drones'] as const,
  page: (page: number) => [...droneKeys.all, 'page', page] as const,
  everything: () => [...droneKeys.all, 'everything'] as const,
  sensorSystem: (droneId: number) => [...droneKeys.all, 'sensor-system', droneId] as const,
};

export interface DronePage {
  drones: DroneView[];
  page: number;
  totalPages: number;
  totalElements: number;
}

/** What a drone's failed details call says when its error has no message of its own. */
const DETAILS_FAILURE_FALLBACK = 'Đã xảy ra lỗi';

/**
 * The list item plus its details call, per drone. A details call that fails leaves that drone without details
 * (and inactive unless the API gave a status, docs/console.md#values-the-api-does-not-give), marked with the reason
 * so the screen offers a retry; it does not fail the page.
 */
async function withDetails(items: readonly DroneSummary[]): Promise<DroneView[]> {
  const details = await Promise.allSettled(items.map((d) => api.droneDetails(d.droneId)));
  return items.map((item, i) => {
    const answer = details[i];
    if (answer?.status === 'fulfilled') return toDroneView(item, answer.value);
    return toDroneView(item, undefined, errorText(answer?.reason, DETAILS_FAILURE_FALLBACK));
  });
}

/**
 * Asks again for one drone's details, from its card, row or details dialog, and puts the answer (or the new
 * failure) in every cached page that shows the drone, so every view of it follows.
 */
export function useRetryDroneDetails() {
  const queryClient = useQueryClient();
  const replace = (droneId: number, view: (old: DroneView) => DroneView) =>
    queryClient.setQueriesData<DronePage>({ queryKey: [...droneKeys.all, 'page'] }, (old) =>
      old && { ...old, drones: old.drones.map((drone) => (drone.id === droneId ? view(drone) : drone)) },
    );
  const retry = useMutation({
    mutationFn: (drone: DroneView) => api.droneDetails(drone.id),
    onSuccess: (details, drone) => replace(drone.id, (old) => toDroneView(old.summary, details)),
    onError: (error, drone) => replace(drone.id, (old) => toDroneView(old.summary, undefined, errorText(error, DETAILS_FAILURE_FALLBACK))),
  });
  return {
    retry: (drone: DroneView) => retry.mutate(drone),
    isRetrying: (drone: DroneView) => retry.isPending && retry.variables?.id === drone.id,
  };
}

export function dronePageQueryOptions(page: number) {
  return queryOptions({
    queryKey: droneKeys.page(page),
    queryFn: async (): Promise<DronePage> => {
      const answer = await api.droneList({ page, size: DRONE_PAGE_SIZE });
      return {
        drones: await withDetails(answer.content),
        page: answer.number,
        totalPages: answer.totalPages,
        totalElements: answer.totalElements,
      };
    },
  });
}

/**
 * Every drone, for the sensor overview's counts. Details are fetched only for drones whose list item has no
 * status, because only then does the status depend on them.
 */
export function allDronesQueryOptions() {
  return queryOptions({
    queryKey: droneKeys.everything(),
    queryFn: async (): Promise<DroneView[]> => {
      const items: DroneSummary[] = [];
      let answer: Page<DroneSummary>;
      let page = 0;
      do {
        answer = await api.droneList({ page, size: MAX_PAGE_SIZE });
        items.push(...answer.content);
        page += 1;
      } while (page < answer.totalPages && answer.content.length > 0);
      const withoutStatus = items.filter((d) => d.status === undefined);
      const detailed = new Map((await withDetails(withoutStatus)).map((d) => [d.id, d]));
      return items.map((item) => detailed.get(item.droneId) ?? toDroneView(item, undefined));
    },
  });
}

export function droneSensorSystemQueryOptions(droneId: number) {
  return queryOptions({
    queryKey: droneKeys.sensorSystem(droneId),
    queryFn: () => api.droneSensorSystem(droneId),
    // A failure shows its own Retry button; retrying silently first would only delay it.
    retry: false,
  });
}
