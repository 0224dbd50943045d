/**
 * The drone as the console shows it (docs/console.md#values-the-api-does-not-give), built from the list item and the
 * details call. Name, status, battery and last update come from the API's extension fields; when the API does
 * not give them the fallbacks apply ('Drone #id', status from whether the details loaded), and a value
 * with no fallback stays null so the screen says 'Chưa xác định' instead of inventing one.
 */
import { DRONE_STATUSES, type DroneDetails, type DroneStatus, type DroneSummary } from '@contracts/api';

export interface DroneView {
  id: number;
  robotId: number;
  sensorControlSystemId: number;
  droneInfoId: number | null;
  name: string;
  status: DroneStatus;
  direction: string | null;
  speed: number | null;
  height: number | null;
  currentLocation: string | null;
  image: string | null;
  batteryLevel: number | null;
  lastUpdate: string | null;
  /** Whether the details call answered; without it only the list item's fields are known. */
  hasDetails: boolean;
  /**
   * Why the details call failed, when it did: the screen then says the details could not be loaded, with a retry,
   * instead of showing them as unknown (docs/console.md#faults-and-retries).
   */
  detailsError: string | null;
  /** The list item the view was built from, to build it again once a retried details call answers. */
  summary: DroneSummary;
}

export const DRONE_STATUS_LABELS: Record<DroneStatus, string> = {
  inactive: 'Không hoạt động',
  active: 'Hoạt động',
  flying: 'Đang bay',
  maintenance: 'Bảo trì',
};

/** Unknown values display as inactive (docs/console.md#drone-rules). */
export function normalizeDroneStatus(value: unknown): DroneStatus {
  return DRONE_STATUSES.find((s) => s === value) ?? 'inactive';
}

export function droneFallbackName(id: number): string {
  return `Drone #${id}`;
}

export function toDroneView(summary: DroneSummary, details: DroneDetails | undefined, detailsError: string | null = null): DroneView {
  const status = summary.status ?? details?.status;
  return {
    id: summary.droneId,
    robotId: summary.robotId,
    sensorControlSystemId: summary.sensorControlSystemId,
    droneInfoId: details?.droneInfoId ?? null,
    name: nonEmpty(summary.name) ?? nonEmpty(details?.name) ?? droneFallbackName(summary.droneId),
    status: status === undefined ? (details ? 'active' : 'inactive') : normalizeDroneStatus(status),
    direction: details ? details.direction : null,
    speed: details ? details.speed : null,
    height: details ? details.height : null,
    currentLocation: details ? details.currentLocation : null,
    image: nonEmpty(details?.image) ?? null,
    batteryLevel: summary.batteryLevel ?? details?.batteryLevel ?? null,
    lastUpdate: summary.lastUpdate ?? details?.lastUpdate ?? null,
    hasDetails: details !== undefined,
    detailsError: details === undefined ? detailsError : null,
    summary,
  };
}

function nonEmpty(text: string | undefined): string | undefined {
  return text && text.trim() !== '' ? text : undefined;
}

/** Active drones of the sensor overview: those in service, whether hovering or flying. */
export function isDroneActive(status: DroneStatus): boolean {
  return status === 'active' || status === 'flying';
}
