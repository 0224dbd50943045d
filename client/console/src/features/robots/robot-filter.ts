/**
 * The robot screen's filters (docs/console.md#search-and-filter-rules): a model search applied from the search
 * icon, and Type and Status applied with 'Lọc', all over the loaded page. The applied ones live in the URL.
 */
import type { RobotSummary } from '@contracts/api';
import { filterByText } from '../../lib/text-filter';

export const ROBOT_STATUSES = ['active', 'inactive'] as const;
export type RobotStatusFilter = (typeof ROBOT_STATUSES)[number];

export interface RobotFilter {
  q?: string | undefined;
  type?: string | undefined;
  status?: RobotStatusFilter | undefined;
}

export function robotStatusLabel(status: boolean): string {
  return status ? 'Active' : 'Inactive';
}

/** The Type dropdown's entries: the distinct types of the loaded page, in a stable order. */
export function distinctTypes(robots: readonly RobotSummary[]): string[] {
  return [...new Set(robots.map((r) => r.typeRobot).filter((t) => t.trim() !== ''))].sort((a, b) => a.localeCompare(b, 'vi'));
}

export function filterRobots(robots: readonly RobotSummary[], filter: RobotFilter): RobotSummary[] {
  return filterByText(robots, filter.q ?? '', (r) => r.model).filter(
    (r) =>
      (!filter.type || r.typeRobot === filter.type) &&
      (!filter.status || r.status === (filter.status === 'active')),
  );
}

/** Whether any filter or search is on (the pager only shows without one). */
export function isFiltering(filter: RobotFilter): boolean {
  return Boolean(filter.q?.trim() || filter.type || filter.status);
}
