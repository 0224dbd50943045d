import type { RobotSummary } from '@contracts/api';
import { describe, expect, it } from 'vitest';
import { distinctTypes, filterRobots, isFiltering, robotStatusLabel } from './robot-filter';

const robots: RobotSummary[] = [
  { id: 1, typeRobot: 'Tapping', model: 'RT-200 Pro', status: true },
  { id: 2, typeRobot: 'Drone', model: 'DJI Agras T40', status: false },
  { id: 3, typeRobot: 'Tapping', model: 'rt-100', status: false },
  { id: 4, typeRobot: 'Inspection', model: 'Scout X', status: true },
];

describe('robot filters', () => {
  it('lists the distinct types of the page', () => {
    expect(distinctTypes(robots)).toEqual(['Drone', 'Inspection', 'Tapping']);
    expect(distinctTypes([])).toEqual([]);
  });

  it('searches the model case-insensitively, and filters by type and status', () => {
    expect(filterRobots(robots, { q: 'RT' }).map((r) => r.id)).toEqual([1, 3]);
    expect(filterRobots(robots, { type: 'Tapping', status: 'inactive' }).map((r) => r.id)).toEqual([3]);
    expect(filterRobots(robots, { status: 'active' }).map((r) => r.id)).toEqual([1, 4]);
    expect(filterRobots(robots, { q: 'agras', type: 'Tapping' })).toEqual([]);
    expect(filterRobots(robots, {})).toEqual(robots);
  });

  it('knows when a filter is on', () => {
    expect(isFiltering({})).toBe(false);
    expect(isFiltering({ q: '  ' })).toBe(false);
    expect(isFiltering({ q: 'x' })).toBe(true);
    expect(isFiltering({ status: 'inactive' })).toBe(true);
  });

  it('labels the status', () => {
    expect(robotStatusLabel(true)).toBe('Active');
    expect(robotStatusLabel(false)).toBe('Inactive');
  });
});
