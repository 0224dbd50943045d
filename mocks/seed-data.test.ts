import { describe, it, expect } from 'vitest';
import { countries as countryList } from 'countries-list';
import { z } from 'zod';
import {
  DRONE_DIRECTIONS,
  DRONE_STATUSES,
  countrySchema,
  droneSchema,
  planSchema,
  robotSchema,
  rubberTreeSchema,
  sensorControlSystemSchema,
  tappingSchema,
  taskSchema,
  treeMeasurementSchema,
  type TreeMeasurement,
} from '../contracts/api.js';
import { storedFieldSchema, storedRegionSchema } from './mock-state.js';
import { iso31662 } from 'iso-3166';
import { generateSeedData, referenceDateOf, RUBBER_PROVINCES, type SeedData } from './seed-data.js';

/** The day the tests' mock "starts": any day would do; the data must follow it. */
const TODAY = Date.UTC(2031, 1, 14, 15, 30);
const REFERENCE_DATE = referenceDateOf(TODAY);

/** The console's alias table (docs/console.md#country-matching). */
const CONSOLE_ALIASES = [
  'vietnam', 'viet nam', 'usa', 'united states of america', 'uk', 'south korea', 'north korea', 'czech republic',
  'uae', 'saudi arabia', 'south africa', 'new zealand', 'lao', 'laos', 'myanmar', 'burma', 'mianma', 'singapo',
];
const REQUIRED_ALIAS_NAMES = [
  'USA', 'UK', 'South Korea', 'North Korea', 'Lao', 'Myanmar', 'Singapo', 'Czech Republic', 'UAE', 'Saudi Arabia',
  'South Africa', 'New Zealand',
];
const REFERENCE_NAMES = new Set(
  Object.values(countryList).flatMap((c) => [c.name.toLowerCase(), c.native.toLowerCase()]),
);
const VIETNAMESE_RUBBER_PROVINCES = [
  'Bình Phước', 'Bình Dương', 'Tây Ninh', 'Đồng Nai', 'Bà Rịa – Vũng Tàu', 'Gia Lai', 'Đắk Lắk', 'Kon Tum',
  'Đắk Nông', 'Quảng Trị', 'Lâm Đồng', 'Phú Yên', 'Bình Thuận', 'Quảng Bình', 'Thừa Thiên Huế', 'Quảng Nam',
];
const COMPASS_WORD = /north|south|east|west|bắc|nam|đông|tây/iu;
const METRICS = ['topHeight', 'crownHeight', 'diamEter', 'cirumFerence'] as const;

const countBy = <T>(items: readonly T[], key: (item: T) => number) => {
  const counts = new Map<number, number>();
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  return counts;
};
const byDate = (a: TreeMeasurement, b: TreeMeasurement) => Date.parse(a.checkDate) - Date.parse(b.checkDate);
const measurementsOf = (data: SeedData, treeId: number) =>
  data.measurements.filter((m) => m.treeId === treeId).sort(byDate);

describe('generateSeedData: determinism', () => {
  it('gives deeply equal data for the same seed', () => {
    expect(generateSeedData(1, TODAY)).toEqual(generateSeedData(1, TODAY));
    expect(generateSeedData(987_654, TODAY)).toEqual(generateSeedData(987_654, TODAY));
    // Any time of the same day is the same day.
    expect(generateSeedData(1, TODAY)).toEqual(generateSeedData(1, REFERENCE_DATE + 23 * 3_600_000));
  });

  it('moves every date with the day the mock starts, and nothing else', () => {
    const day = 24 * 3_600_000;
    const later = generateSeedData(1, TODAY + 400 * day);
    const now = generateSeedData(1, TODAY);
    expect(later.regions).toEqual(now.regions);
    expect(later.tappings.map((t) => t.quantity)).toEqual(now.tappings.map((t) => t.quantity));
    expect(Date.parse(later.drones[0]!.lastUpdate)).toBe(Date.parse(now.drones[0]!.lastUpdate) + 400 * day);
  });

  it('gives different data for different seeds', () => {
    expect(generateSeedData(2, TODAY)).not.toEqual(generateSeedData(1, TODAY));
  });
});

describe.each([1, 2, 42, 20_260_601])('generateSeedData(%i)', (seed) => {
  const data = generateSeedData(seed, TODAY);

  it('produces records that parse with their schemas, unchanged', () => {
    const checks: [string, readonly unknown[], z.ZodType][] = [
      ['countries', data.countries, countrySchema],
      ['regions', data.regions, storedRegionSchema],
      ['fields', data.fields, storedFieldSchema],
      ['plans', data.plans, planSchema],
      ['tasks', data.tasks, taskSchema],
      ['tappings', data.tappings, tappingSchema],
      ['robots', data.robots, robotSchema],
      ['drones', data.drones, droneSchema],
      ['sensorSystems', data.sensorSystems, sensorControlSystemSchema],
      ['trees', data.trees, rubberTreeSchema],
      ['measurements', data.measurements, treeMeasurementSchema],
    ];
    for (const [name, records, schema] of checks) {
      // Parsing strips unknown keys, so equality also proves there are none.
      expect(z.array(schema).parse(records), name).toEqual(records);
    }
  });

  it('numbers ids 1..n in generation order', () => {
    const ids: [string, number[]][] = [
      ['countries', data.countries.map((c) => c.countryId)],
      ['regions', data.regions.map((r) => r.regionId)],
      ['fields', data.fields.map((f) => f.fieldId)],
      ['plans', data.plans.map((p) => p.planId)],
      ['tasks', data.tasks.map((t) => t.taskId)],
      ['tappings', data.tappings.map((t) => t.id)],
      ['robots', data.robots.map((r) => r.id)],
      ['drones', data.drones.map((d) => d.droneId)],
      ['sensorSystems', data.sensorSystems.map((s) => s.scsId)],
      ['trees', data.trees.map((t) => t.treeId)],
      ['measurements', data.measurements.map((m) => m.id)],
    ];
    for (const [name, list] of ids) expect(list, name).toEqual(list.map((_, i) => i + 1));
  });

  it('keeps every foreign id pointing at an existing record', () => {
    const has = (list: readonly number[]) => new Set(list);
    const countryIds = has(data.countries.map((c) => c.countryId));
    const regionIds = has(data.regions.map((r) => r.regionId));
    const fieldIds = has(data.fields.map((f) => f.fieldId));
    const planIds = has(data.plans.map((p) => p.planId));
    const robotIds = has(data.robots.map((r) => r.id));
    const treeIds = has(data.trees.map((t) => t.treeId));
    const scsIds = has(data.sensorSystems.map((s) => s.scsId));
    for (const r of data.regions) expect(countryIds.has(r.countryId), `region ${r.regionId}`).toBe(true);
    for (const f of data.fields) expect(regionIds.has(f.regionId), `field ${f.fieldId}`).toBe(true);
    for (const p of data.plans) expect(fieldIds.has(p.fieldId), `plan ${p.planId}`).toBe(true);
    for (const t of data.tasks) {
      expect(robotIds.has(t.robotId), `task ${t.taskId} robot`).toBe(true);
      expect(planIds.has(t.planId), `task ${t.taskId} plan`).toBe(true);
    }
    for (const t of data.tappings) {
      expect(robotIds.has(t.robotId), `tapping ${t.id} robot`).toBe(true);
      expect(treeIds.has(t.treeId), `tapping ${t.id} tree`).toBe(true);
    }
    for (const d of data.drones) {
      expect(robotIds.has(d.robotId), `drone ${d.droneId} robot`).toBe(true);
      expect(scsIds.has(d.sensorControlSystemId), `drone ${d.droneId} scs`).toBe(true);
    }
    for (const t of data.trees) expect(fieldIds.has(t.fieldId), `tree ${t.treeId}`).toBe(true);
    for (const m of data.measurements) expect(treeIds.has(m.treeId), `measurement ${m.id}`).toBe(true);
  });

  it('derives every date from the reference date, not from the clock', () => {
    const dates = [
      ...data.plans.map((p) => p.startDate),
      ...data.tappings.flatMap((t) => (t.time ? [t.time] : [])),
      ...data.robots.map((r) => r.time),
      ...data.drones.map((d) => d.lastUpdate),
      ...data.sensorSystems.flatMap((s) => (s.lastUpdate ? [s.lastUpdate] : [])),
      ...data.measurements.map((m) => m.checkDate),
    ];
    const year = 365 * 24 * 3_600_000;
    for (const date of dates) {
      expect(Math.abs(Date.parse(date) - REFERENCE_DATE)).toBeLessThan(year);
    }
  });

  it('has the countries the console matches by alias, by reference list and not at all', () => {
    const names = data.countries.map((c) => c.countryName);
    expect(names.length).toBeGreaterThanOrEqual(40);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toEqual(expect.arrayContaining(REQUIRED_ALIAS_NAMES));
    expect(['Viet Nam', 'Vietnam']).toContain(data.countries[0]?.countryName);
    expect(data.countries[0]?.countryId).toBe(1);
    expect(names).toEqual(expect.arrayContaining(['Thailand', 'Cambodia', 'Malaysia', "Côte d'Ivoire", 'Brazil']));

    const inReference = names.filter((n) => REFERENCE_NAMES.has(n.toLowerCase()));
    expect(inReference.length).toBeGreaterThanOrEqual(20);
    const matchingNothing = names.filter(
      (n) => !REFERENCE_NAMES.has(n.toLowerCase()) && !CONSOLE_ALIASES.includes(n.toLowerCase()),
    );
    expect(matchingNothing).toHaveLength(1);
  });

  it('gives Vietnam its real rubber provinces and leaves some country without regions', () => {
    const vietnamese = data.regions.filter((r) => r.countryId === 1);
    expect(vietnamese.length).toBeGreaterThanOrEqual(8);
    for (const r of vietnamese) expect(VIETNAMESE_RUBBER_PROVINCES).toContain(r.regionName);
    expect(data.regions[0]?.countryId).toBe(1);

    const regionsPerCountry = countBy(data.regions, (r) => r.countryId);
    expect(data.countries.some((c) => !regionsPerCountry.has(c.countryId))).toBe(true);
    for (const [, count] of regionsPerCountry) expect(count).toBeGreaterThanOrEqual(1);
    for (const c of data.countries.filter((c) => c.countryId !== 1)) {
      expect(regionsPerCountry.get(c.countryId) ?? 0).toBeLessThanOrEqual(5);
    }
  });

  it('gives region 1 more than a page of fields and some regions none', () => {
    const fieldsPerRegion = countBy(data.fields, (f) => f.regionId);
    expect(fieldsPerRegion.get(1)).toBeGreaterThan(6);
    expect(data.fields[0]?.regionId).toBe(1);
    for (const r of data.regions.filter((r) => r.countryId === 1 && r.regionId !== 1)) {
      expect(fieldsPerRegion.get(r.regionId)).toBeGreaterThanOrEqual(2);
      expect(fieldsPerRegion.get(r.regionId)).toBeLessThanOrEqual(8);
    }
    expect(data.regions.some((r) => !fieldsPerRegion.has(r.regionId))).toBe(true);

    const vietnameseRegionIds = new Set(data.regions.filter((r) => r.countryId === 1).map((r) => r.regionId));
    for (const f of data.fields) {
      if (vietnameseRegionIds.has(f.regionId)) expect(f.fieldName).toMatch(/^Lô cao su [A-F]\d+ – \S/u);
      expect(f.area).toBeGreaterThanOrEqual(12.5);
      expect(f.area).toBeLessThanOrEqual(480);
      expect(Math.round(f.area * 100) / 100).toBe(f.area);
    }
  });

  it('gives field 1 more than a page of plans, with some titles and descriptions missing', () => {
    const plansPerField = countBy(data.plans, (p) => p.fieldId);
    expect(plansPerField.get(1)).toBeGreaterThan(6);
    expect(data.fields.some((f) => !plansPerField.has(f.fieldId))).toBe(true);
    const noTitle = data.plans.filter((p) => p.planTitle === null);
    const noDescription = data.plans.filter((p) => p.planDescription === null);
    expect(noTitle.length).toBeGreaterThan(0);
    expect(noDescription.length).toBeGreaterThan(0);
    expect(noTitle.length).toBeLessThan(data.plans.length * 0.2);
    expect(noDescription.length).toBeLessThan(data.plans.length * 0.2);
    expect(data.plans.some((p) => p.planTitle === null && p.planDescription === null)).toBe(false);
  });

  it('has enough tasks, more than a page for robot 1 and for plan 1', () => {
    expect(data.tasks.length).toBeGreaterThanOrEqual(60);
    expect(countBy(data.tasks, (t) => t.robotId).get(1)).toBeGreaterThan(6);
    expect(countBy(data.tasks, (t) => t.planId).get(1)).toBeGreaterThan(6);
    for (const t of data.tasks) expect(t.actionDetail.length).toBeGreaterThan(0);
  });

  it('has enough tappings in plausible ranges, a few with readings missing', () => {
    expect(data.tappings.length).toBeGreaterThanOrEqual(60);
    const optional = [
      'speed', 'quantity', 'tappingStatus', 'angle', 'depth', 'bladeStatus', 'windDirection', 'windSpeed',
      'temperature', 'rainfall', 'time',
    ] as const;
    const withNulls = data.tappings.filter((t) => optional.some((k) => t[k] === null));
    expect(withNulls.length).toBeGreaterThan(0);
    expect(withNulls.length).toBeLessThan(data.tappings.length / 4);
    for (const t of withNulls) {
      const missing = optional.filter((k) => t[k] === null).length;
      expect(missing).toBeGreaterThanOrEqual(1);
      expect(missing).toBeLessThanOrEqual(3);
    }
    for (const t of data.tappings) {
      expect(DRONE_DIRECTIONS).toContain(t.direction);
      if (t.angle !== null) expect(t.angle).toBeGreaterThanOrEqual(25);
      if (t.angle !== null) expect(t.angle).toBeLessThanOrEqual(45);
      if (t.temperature !== null) expect(t.temperature).toBeGreaterThanOrEqual(22);
      if (t.temperature !== null) expect(t.temperature).toBeLessThanOrEqual(36);
      if (t.depth !== null) expect(t.depth).toBeLessThanOrEqual(1.5);
      // One tree's tapping gives a cup of latex, well under a litre.
      if (t.quantity !== null) expect(t.quantity).toBeGreaterThan(0);
      if (t.quantity !== null) expect(t.quantity).toBeLessThan(0.5);
      if (t.tappingStatus !== null) expect(['Hoàn thành', 'Đang cạo', 'Tạm dừng']).toContain(t.tappingStatus);
      if (t.bladeStatus !== null) expect(['Tốt', 'Cần mài', 'Cần thay']).toContain(t.bladeStatus);
      if (t.time !== null) {
        const vietnamHour = (new Date(t.time).getUTCHours() + 7) % 24;
        expect(vietnamHour).toBeLessThan(7); // tapping happens before dawn
      }
    }
  });

  it('names regions abroad after real first-level subdivisions (ISO 3166-2), never made-up towns', () => {
    // The big producers' rubber provinces are named as they are known; every other region as ISO 3166-2 names it.
    const subdivisions = new Set([...iso31662.map((entry) => entry.name), ...Object.values(RUBBER_PROVINCES).flat()]);
    const vietnam = 1;
    for (const region of data.regions.filter((r) => r.countryId !== vietnam)) {
      expect(subdivisions.has(region.regionName), region.regionName).toBe(true);
    }
    for (const field of data.fields) expect(field.fieldName).not.toMatch(/ville|view|burgh|haven|port\b|mouth/iu);
  });

  it('writes decimals in Vietnamese sentences with a decimal comma only', () => {
    const sentences = [...data.tasks.map((t) => t.actionDetail), ...data.plans.flatMap((p) => [p.planTitle ?? '', p.planDescription ?? ''])];
    for (const text of sentences) expect(text, text).not.toMatch(/\d\.\d/u);
  });

  it('has enough robots of several types, on and off', () => {
    expect(data.robots.length).toBeGreaterThanOrEqual(25);
    expect(new Set(data.robots.map((r) => r.typeRobot)).size).toBeGreaterThanOrEqual(4);
    expect(new Set(data.robots.map((r) => r.status))).toEqual(new Set([true, false]));
    for (const r of data.robots) expect(Number.isInteger(r.energy)).toBe(true);
  });

  it('has enough drones in every status, each on a drone robot with its own sensor system', () => {
    expect(data.drones.length).toBeGreaterThanOrEqual(15);
    expect(new Set(data.drones.map((d) => d.status))).toEqual(new Set(DRONE_STATUSES));
    const robotTypes = new Map(data.robots.map((r) => [r.id, r.typeRobot]));
    for (const d of data.drones) {
      expect(robotTypes.get(d.robotId)).toBe('Drone');
      expect(DRONE_DIRECTIONS).toContain(d.direction);
      expect(Number.isInteger(d.batteryLevel)).toBe(true);
      expect(d.image).toBe(`/media/drone-${((d.droneId - 1) % 6) + 1}.svg`);
      expect(Math.round(d.speed * 10) / 10).toBe(d.speed);
      expect(Math.round(d.height * 10) / 10).toBe(d.height);
      expect(d.currentLocation.length).toBeGreaterThan(0);
    }
    const scsIds = data.drones.map((d) => d.sensorControlSystemId);
    expect(new Set(scsIds).size).toBe(data.drones.length);
    expect(data.sensorSystems).toHaveLength(data.drones.length);

    const sensorIds = data.sensorSystems.flatMap((s) => [s.lidarId, s.cameraId, s.radarId]);
    expect(new Set(sensorIds).size).toBe(sensorIds.length);
    const statuses = data.sensorSystems.flatMap((s) => [s.lidarStatus, s.cameraStatus, s.radarStatus]);
    expect(statuses.filter((status) => status === 'active').length).toBeGreaterThan(statuses.length / 2);
  });

  it('plants trees in field 1 (three pages), in other fields, and leaves some field empty', () => {
    expect(data.trees.length).toBeGreaterThanOrEqual(30);
    const treesPerField = countBy(data.trees, (t) => t.fieldId);
    expect(treesPerField.get(1)).toBeGreaterThan(12);
    expect([...treesPerField.keys()].filter((id) => id !== 1).length).toBeGreaterThanOrEqual(2);
    expect(data.fields.some((f) => !treesPerField.has(f.fieldId))).toBe(true);

    const withCompass = data.trees.filter((t) => COMPASS_WORD.test(t.location));
    expect(withCompass.length).toBeGreaterThan(data.trees.length / 2);
    expect(withCompass.length).toBeLessThan(data.trees.length);
    for (const t of data.trees) {
      expect(['Hoạt động', 'Cần chăm sóc', 'Ngừng khai thác']).toContain(t.status);
      expect(['Tốt', 'Trung bình', 'Kém']).toContain(t.productivity);
    }
  });

  it('measures every tree at least 8 times, about monthly, with plausible values', () => {
    let someMetricGoesDown = false;
    for (const tree of data.trees) {
      const series = measurementsOf(data, tree.treeId);
      expect(series.length).toBeGreaterThanOrEqual(8);
      series.forEach((m, i) => {
        expect(m.crownHeight).toBeLessThan(m.topHeight);
        expect(m.topHeight).toBeGreaterThanOrEqual(12);
        expect(m.topHeight).toBeLessThanOrEqual(25);
        expect(m.diamEter).toBeGreaterThanOrEqual(15);
        expect(m.diamEter).toBeLessThanOrEqual(45);
        expect(Math.abs(m.cirumFerence - Math.PI * m.diamEter)).toBeLessThan(0.01);
        const previous = series[i - 1];
        if (!previous) return;
        const days = (Date.parse(m.checkDate) - Date.parse(previous.checkDate)) / 86_400_000;
        expect(days).toBeGreaterThan(20);
        expect(days).toBeLessThan(40);
        if (METRICS.some((k) => m[k] < previous[k])) someMetricGoesDown = true;
      });
    }
    expect(someMetricGoesDown).toBe(true);
  });

  it("shows, for tree 1's newest measurement, one metric going up and one steady", () => {
    const series = measurementsOf(data, 1);
    const newest = series.at(-1);
    const previous = series.at(-2);
    if (!newest || !previous) throw new Error('tree 1 needs two measurements');
    const differences = METRICS.map((k) => newest[k] - previous[k]);
    expect(differences.some((d) => d > 0.1)).toBe(true);
    expect(differences.some((d) => Math.abs(d) <= 0.1)).toBe(true);
  });
});
