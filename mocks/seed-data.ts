/**
 * The mock backend's plantation data: a Vietnamese rubber-plantation and agricultural-robotics operation.
 *
 * `generateSeedData(seed, today)` is deterministic: it seeds faker's Vietnamese and English instances itself (never the
 * default one, never `Math.random`) and derives every date from the start of `today` (UTC; by default the day the mock
 * starts), so the same seed and day give the same data on any machine, and the data is always recent. Regions abroad
 * are real first-level subdivisions (ISO 3166-2, from the `iso-3166` package, bundled: nothing is fetched). Ids are
 * 1-based and contiguous per entity, in generation order.
 */
import type { Faker } from '@faker-js/faker';
// Why the per-locale entry point: the package's main entry loads every locale (about 150 ms at each start).
import { faker as viFaker } from '@faker-js/faker/locale/vi';
import { countries as countryList, type TCountryCode } from 'countries-list';
import { iso31662 } from 'iso-3166';
import {
  DRONE_DIRECTIONS,
  DRONE_STATUSES,
  SENSOR_STATUSES,
  type Country,
  type Drone,
  type DroneStatus,
  type Plan,
  type Robot,
  type RubberTree,
  type SensorControlSystem,
  type Tapping,
  type Task,
  type TreeMeasurement,
} from '../contracts/api.js';
import { droneImage } from './drone-image.js';
import type { MockState, StoredField, StoredRegion } from './mock-state.js';

export type SeedData = Omit<MockState, 'accounts' | 'version' | 'seed'>;

/** The start (00:00 UTC) of the day of `now`: every generated date is this instant plus or minus a seeded offset. */
export function referenceDateOf(now: number): number {
  const day = new Date(now);
  return Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate());
}

/** The reference date of the generation under way (set first by `generateSeedData`, which draws synchronously). */
let REFERENCE_DATE = referenceDateOf(Date.now());
const referenceYear = (): number => new Date(REFERENCE_DATE).getUTCFullYear();
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Vietnam is UTC+7; the data is stored in UTC. */
const VIETNAM_UTC_OFFSET = 7 * HOUR;

export const VIETNAM_COUNTRY_ID = 1;

// ---------------------------------------------------------------------------------------------------------------
// Reference data
// ---------------------------------------------------------------------------------------------------------------

const englishName = (code: TCountryCode): string => countryList[code].name;

/**
 * Rubber-growing countries first. Some names are spelled the way the console's alias table expects ('Viet Nam',
 * 'USA', 'Lao', 'Singapo'…) rather than as countries-list spells them; 'Atlantis Plantation Zone' matches
 * nothing at all, so the console's 'Unknown' fallback shows.
 */
export const COUNTRY_NAMES: readonly string[] = [
  'Viet Nam',
  englishName('TH'),
  englishName('ID'),
  englishName('MY'),
  englishName('IN'),
  englishName('CN'),
  countryList.CI.native, // "Côte d'Ivoire"; countries-list's English name is 'Ivory Coast'
  englishName('KH'),
  'Lao',
  'Myanmar',
  englishName('PH'),
  englishName('LK'),
  englishName('NG'),
  englishName('LR'),
  englishName('GH'),
  englishName('CM'),
  englishName('BR'),
  englishName('GT'),
  englishName('BD'),
  englishName('GA'),
  englishName('MX'),
  'Singapo',
  'USA',
  'UK',
  'South Korea',
  'North Korea',
  englishName('JP'),
  englishName('FR'),
  englishName('DE'),
  'Czech Republic',
  'UAE',
  'Saudi Arabia',
  'South Africa',
  'New Zealand',
  englishName('AU'),
  englishName('NL'),
  englishName('IT'),
  englishName('ES'),
  englishName('CA'),
  englishName('CO'),
  englishName('PE'),
  englishName('KE'),
  'Atlantis Plantation Zone',
];

/** The ISO 3166-1 alpha-2 code of each of COUNTRY_NAMES, in the same order; none for the made-up one. */
const COUNTRY_CODES: readonly (string | null)[] = [
  'VN', 'TH', 'ID', 'MY', 'IN', 'CN', 'CI', 'KH', 'LA', 'MM', 'PH', 'LK', 'NG', 'LR', 'GH', 'CM', 'BR', 'GT', 'BD', 'GA', 'MX',
  'SG', 'US', 'GB', 'KR', 'KP', 'JP', 'FR', 'DE', 'CZ', 'AE', 'SA', 'ZA', 'NZ', 'AU', 'NL', 'IT', 'ES', 'CA', 'CO', 'PE', 'KE',
  null,
];

/**
 * The first-level subdivisions of a country (ISO 3166-2). The package lists Great Britain's councils beside its four
 * nations, all under 'GB': its first level is the nations.
 */
function firstLevelSubdivisions(code: string): string[] {
  const nations = new Set(['GB-ENG', 'GB-SCT', 'GB-WLS', 'GB-NIR']);
  return iso31662.filter((entry) => entry.parent === code && (code !== 'GB' || nations.has(entry.code))).map((entry) => entry.name);
}

/** A country the generator never gives regions, so the console's empty state always has an example. */
export const COUNTRY_WITHOUT_REGIONS = 'North Korea';

interface Province {
  name: string;
  /** Districts and towns where the rubber lots are. */
  districts: readonly string[];
  /** Rough centre, for drone positions. */
  lat: number;
  lng: number;
}

/** Vietnam's rubber-growing provinces; the first one is region 1. */
export const VIETNAM_PROVINCES: readonly Province[] = [
  { name: 'Bình Phước', districts: ['Đồng Xoài', 'Lộc Ninh', 'Bù Đốp', 'Phước Long', 'Chơn Thành', 'Hớn Quản'], lat: 11.75, lng: 106.72 },
  { name: 'Bình Dương', districts: ['Dầu Tiếng', 'Bến Cát', 'Phú Giáo', 'Bàu Bàng'], lat: 11.17, lng: 106.65 },
  { name: 'Tây Ninh', districts: ['Tân Biên', 'Tân Châu', 'Dương Minh Châu', 'Châu Thành'], lat: 11.36, lng: 106.1 },
  { name: 'Đồng Nai', districts: ['Long Khánh', 'Cẩm Mỹ', 'Xuân Lộc', 'Thống Nhất'], lat: 11.07, lng: 107.17 },
  { name: 'Bà Rịa – Vũng Tàu', districts: ['Châu Đức', 'Xuyên Mộc', 'Đất Đỏ'], lat: 10.54, lng: 107.24 },
  { name: 'Gia Lai', districts: ['Chư Păh', 'Chư Prông', 'Ia Grai', 'Đức Cơ'], lat: 13.98, lng: 108.0 },
  { name: 'Đắk Lắk', districts: ["Ea H'leo", 'Krông Búk', "Cư M'gar", 'Ea Súp'], lat: 12.71, lng: 108.24 },
  { name: 'Kon Tum', districts: ['Sa Thầy', 'Ngọc Hồi', 'Đắk Hà', "Ia H'Drai"], lat: 14.35, lng: 108.0 },
  { name: 'Đắk Nông', districts: ['Đắk Mil', 'Tuy Đức', "Đắk R'lấp", 'Cư Jút'], lat: 12.26, lng: 107.61 },
  { name: 'Quảng Trị', districts: ['Gio Linh', 'Cam Lộ', 'Vĩnh Linh', 'Hướng Hóa'], lat: 16.75, lng: 107.19 },
  { name: 'Lâm Đồng', districts: ['Bảo Lộc', 'Di Linh', 'Đạ Huoai', 'Bảo Lâm'], lat: 11.58, lng: 108.14 },
];
const PROVINCE_BY_NAME = new Map(VIETNAM_PROVINCES.map((p) => [p.name, p]));

/** Real rubber-growing provinces of the other big producers (each gets 1–5), keyed by the country name used above. */
export const RUBBER_PROVINCES: Readonly<Record<string, readonly string[]>> = {
  Thailand: ['Surat Thani', 'Songkhla', 'Nakhon Si Thammarat', 'Trang', 'Yala', 'Rayong', 'Bueng Kan'],
  Indonesia: ['Sumatera Utara', 'Sumatera Selatan', 'Jambi', 'Riau', 'Kalimantan Barat'],
  Malaysia: ['Kedah', 'Johor', 'Pahang', 'Negeri Sembilan', 'Kelantan', 'Perak'],
  India: ['Kerala', 'Tripura', 'Karnataka', 'Assam', 'Tamil Nadu'],
  China: ['Hainan', 'Yunnan', 'Guangdong'],
  "Côte d'Ivoire": ['Bas-Sassandra', 'Lagunes', 'Comoé', 'Gôh-Djiboua'],
  Cambodia: ['Kampong Cham', 'Tbong Khmum', 'Kratié', 'Ratanakiri', 'Mondulkiri'],
  Lao: ['Champasak', 'Luang Namtha', 'Savannakhet', 'Oudomxay'],
  Myanmar: ['Mon', 'Tanintharyi', 'Kayin', 'Bago'],
  Philippines: ['Zamboanga Sibugay', 'Cotabato', 'Basilan', 'Bukidnon'],
  'Sri Lanka': ['Kalutara', 'Ratnapura', 'Kegalle', 'Monaragala'],
  Nigeria: ['Edo', 'Delta', 'Ogun', 'Akwa Ibom'],
  Liberia: ['Margibi', 'Bong', 'Grand Bassa', 'Maryland'],
  Brazil: ['São Paulo', 'Mato Grosso', 'Bahia', 'Goiás', 'Minas Gerais'],
};

const ROBOT_MODELS = {
  Tapping: ['RT-200', 'RT-350 Pro', 'TapMaster T5', 'AgriBot X3'],
  Drone: ['DJI Agras T40', 'DJI Matrice 350 RTK', 'XAG P100 Pro', 'Hylio AG-230'],
  Spraying: ['AgriBot S2', 'XAG R150', 'SprayRover SR-60'],
  Harvesting: ['LatexCollector LC-10', 'HarvestBot H7'],
  Inspection: ['ScoutBot I-4', 'Clearpath Husky A300', 'Boston Dynamics Spot'],
} as const;
type RobotType = keyof typeof ROBOT_MODELS;

/** A short Vietnamese sentence of what a robot of each type does in a task. */
const TASK_ACTIONS: Record<RobotType, readonly ((f: Faker) => string)[]> = {
  Tapping: [
    (f) => `Cạo mủ hàng ${f.number.int({ min: 1, max: 40 })}, độ sâu ${f.number.int({ min: 10, max: 15 })} mm`,
    (f) => `Cạo mủ nửa vòng S/2 lô ${lotCode(f)}`,
    (f) => `Thu mủ chén hàng ${f.number.int({ min: 1, max: 40 })} đến ${f.number.int({ min: 41, max: 80 })}`,
    () => 'Bôi thuốc kích thích mủ lên miệng cạo',
  ],
  Drone: [
    (f) => `Bay khảo sát tán lá ở độ cao ${f.number.int({ min: 30, max: 120 })} m`,
    (f) => `Chụp ảnh nhiệt ${f.number.int({ min: 5, max: 40 })} ha để phát hiện cây bệnh`,
    (f) => `Phun thuốc phòng nấm hồng ${viDecimal(f.number.float({ min: 1, max: 8, fractionDigits: 1 }))} ha`,
    () => 'Lập bản đồ mật độ cây bằng lidar',
  ],
  Spraying: [
    (f) => `Phun thuốc trừ bệnh phấn trắng ${viDecimal(f.number.float({ min: 0.5, max: 6, fractionDigits: 1 }))} ha`,
    (f) => `Phun phân bón lá ${f.number.int({ min: 200, max: 800 })} lít`,
    () => 'Phun thuốc diệt cỏ giữa hàng',
  ],
  Harvesting: [
    (f) => `Gom mủ nước ${f.number.int({ min: 80, max: 600 })} lít về trạm`,
    () => 'Thu mủ tạp và mủ dây cuối ca',
    (f) => `Vận chuyển ${f.number.int({ min: 4, max: 20 })} thùng mủ ra bãi tập kết`,
  ],
  Inspection: [
    (f) => `Kiểm tra sức khỏe cây hàng ${f.number.int({ min: 1, max: 40 })}`,
    () => 'Đo vanh thân cây định kỳ',
    () => 'Kiểm tra miệng cạo và vết loét',
  ],
};

/** Vietnamese plan titles and descriptions about rubber work. */
const PLAN_KINDS: readonly { title: (f: Faker) => string; description: (f: Faker) => string }[] = [
  {
    title: (f) => `Cạo mủ đợt ${f.number.int({ min: 1, max: 12 })}/${referenceYear()}`,
    description: (f) =>
      `Cạo mủ nhịp độ D${f.number.int({ min: 2, max: 4 })}, bắt đầu lúc ${f.number.int({ min: 2, max: 5 })} giờ sáng, thu mủ trước 10 giờ.`,
  },
  {
    title: () => 'Bón phân NPK đầu mùa mưa',
    description: (f) =>
      `Bón ${viDecimal(f.number.float({ min: 0.5, max: 1.5, fractionDigits: 1 }))} kg NPK 15-5-20 mỗi gốc, rải theo băng cách gốc 1,5 m.`,
  },
  {
    title: () => 'Phun thuốc phòng bệnh phấn trắng',
    description: () => 'Phun lưu huỳnh dạng bột lên tán lá non sau mùa rụng lá, tránh phun khi có gió mạnh.',
  },
  {
    title: () => 'Phun thuốc trị nấm hồng',
    description: () => 'Phun Validamycin lên chạc cành bị bệnh, kiểm tra lại sau 14 ngày.',
  },
  {
    title: () => 'Kiểm tra sức khỏe cây định kỳ',
    description: (f) =>
      `Đo vanh thân và chiều cao ${f.number.int({ min: 20, max: 120 })} cây mẫu, ghi nhận cây khô mặt cạo và cây gãy đổ.`,
  },
  {
    title: (f) => `Trồng mới giống ${f.helpers.arrayElement(['RRIV 209', 'RRIV 124', 'RRIM 600', 'PB 260', 'GT 1'])}`,
    description: (f) =>
      `Trồng ${f.number.int({ min: 450, max: 560 })} cây/ha theo khoảng cách 6 m x 3 m, tưới đẫm sau khi trồng.`,
  },
  {
    title: () => 'Làm cỏ và vệ sinh lô',
    description: () => 'Phát cỏ giữa hàng, dọn cành khô và làm đường băng cản lửa trước mùa khô.',
  },
  {
    title: () => 'Bôi thuốc phòng loét mặt cạo',
    description: () => 'Bôi Mancozeb lên mặt cạo sau mỗi lần cạo trong mùa mưa.',
  },
];

const TAPPING_STATUSES = ['Hoàn thành', 'Đang cạo', 'Tạm dừng'] as const;
const BLADE_STATUSES = ['Tốt', 'Cần mài', 'Cần thay'] as const;
const TREE_STATUSES = ['Hoạt động', 'Cần chăm sóc', 'Ngừng khai thác'] as const;
const TREE_PRODUCTIVITIES = ['Tốt', 'Trung bình', 'Kém'] as const;

/** The tapping readings a robot may fail to report. */
const OPTIONAL_TAPPING_KEYS = [
  'speed',
  'quantity',
  'tappingStatus',
  'angle',
  'depth',
  'bladeStatus',
  'windDirection',
  'windSpeed',
  'temperature',
  'rainfall',
  'time',
] as const satisfies readonly (keyof Tapping)[];

/** Tree locations with a compass word, in English or Vietnamese, in mixed case. */
const COMPASS_LOCATIONS: readonly ((row: number) => string)[] = [
  (row) => `North corner, hàng ${row}`,
  () => 'south-east slope',
  () => 'Góc Đông Bắc (North-East)',
  (row) => `EAST edge row ${row}`,
  (row) => `Phía Tây, hàng ${row}`,
  (row) => `Sườn Tây Nam – cây ${row}`,
  (row) => `northwest boundary, row ${row}`,
  (row) => `Hướng Nam, hàng ${row}`,
  (row) => `West fence, row ${row}`,
  (row) => `Bờ Bắc của lô, cây số ${row}`,
  () => 'South-West gully',
  (row) => `ĐÔNG NAM, hàng ${row}`,
];
/** Locations with no compass word, for the console's neutral pin. */
const NEUTRAL_LOCATIONS: readonly ((row: number) => string)[] = [
  () => 'Gần trạm bơm',
  () => 'Center plot',
  (row) => `Giữa lô, hàng ${row}`,
  () => 'Cạnh nhà kho mủ',
];

const DRONE_CALL_SIGNS = ['Sơn Ca', 'Đại Bàng', 'Hải Âu', 'Chim Ưng', 'Én Bạc', 'Diều Hâu', 'Cò Trắng', 'Bồ Câu'];
const LIDAR_MODELS = ['Velodyne Puck VLP-16', 'Livox Mid-40', 'Livox Avia', 'Ouster OS1-32', 'DJI Zenmuse L2', 'Hesai XT32'];
const CAMERA_MODELS = ['Sony IMX477', 'DJI Zenmuse H20T', 'DJI Zenmuse P1', 'MicaSense RedEdge-P', 'FLIR Vue TZ20'];
const RADAR_MODELS = ['Ainstein US-D1', 'TI AWR1843', 'TI IWR6843', 'Ainstein CAR-28F', 'Echodyne EchoFlight'];

// ---------------------------------------------------------------------------------------------------------------
// Small helpers
// ---------------------------------------------------------------------------------------------------------------

const round2 = (x: number): number => Math.round(x * 100) / 100;
/** A number in a Vietnamese sentence: a decimal comma, as every other number the console shows ('1,5 m'). */
const viDecimal = (x: number): string => String(x).replace('.', ',');
const iso = (ms: number): string => new Date(ms).toISOString();

/** A rubber lot code such as 'A3' or 'D12'. */
function lotCode(f: Faker): string {
  return `${f.helpers.arrayElement(['A', 'B', 'C', 'D', 'E', 'F'])}${f.number.int({ min: 1, max: 20 })}`;
}

/** A minute in the `days` before the reference date. */
function daysBefore(f: Faker, days: number): number {
  return REFERENCE_DATE - f.number.int({ min: 1, max: days * 24 * 60 }) * MINUTE;
}

/** The early-morning hours (02:00–06:30 in Vietnam) when rubber is tapped, on a day in the last `days`. */
function earlyMorningBefore(f: Faker, days: number): number {
  const vietnamMidnight = REFERENCE_DATE - f.number.int({ min: 1, max: days }) * DAY - VIETNAM_UTC_OFFSET;
  return vietnamMidnight + f.number.int({ min: 2 * 60, max: 6 * 60 + 30 }) * MINUTE;
}

// ---------------------------------------------------------------------------------------------------------------
// Generators, one per entity, in dependency order
// ---------------------------------------------------------------------------------------------------------------

function generateCountries(): Country[] {
  return COUNTRY_NAMES.map((countryName, i) => ({ countryId: i + 1, countryName }));
}

function generateRegions(f: Faker, countries: readonly Country[]): StoredRegion[] {
  const regions: StoredRegion[] = [];
  for (const { countryId, countryName } of countries) {
    let names: readonly string[];
    if (countryId === VIETNAM_COUNTRY_ID) names = VIETNAM_PROVINCES.map((p) => p.name);
    else if (countryName === COUNTRY_WITHOUT_REGIONS) names = [];
    else {
      // The rubber-growing provinces of the big producers, else real first-level subdivisions; the made-up
      // country has none.
      const code = COUNTRY_CODES[countryId - 1];
      const real = RUBBER_PROVINCES[countryName] ?? (code ? firstLevelSubdivisions(code) : []);
      names = real.length > 0 ? f.helpers.arrayElements(real, { min: 1, max: Math.min(5, real.length) }) : [];
    }
    for (const regionName of names) regions.push({ regionId: regions.length + 1, regionName, countryId });
  }
  return regions;
}

function generateFields(f: Faker, regions: readonly StoredRegion[]): StoredField[] {
  const fields: StoredField[] = [];
  const area = () => f.number.float({ min: 12.5, max: 480, fractionDigits: f.helpers.arrayElement([1, 2]) });
  for (const { regionId, regionName, countryId } of regions) {
    const province = countryId === VIETNAM_COUNTRY_ID ? PROVINCE_BY_NAME.get(regionName) : undefined;
    if (province) {
      // Region 1 overflows the console's page of 6.
      const count = regionId === 1 ? f.number.int({ min: 7, max: 10 }) : f.number.int({ min: 2, max: 8 });
      for (const lot of f.helpers.uniqueArray(() => lotCode(f), count)) {
        const fieldName = `Lô cao su ${lot} – ${f.helpers.arrayElement(province.districts)}`;
        fields.push({ fieldId: fields.length + 1, fieldName, area: area(), regionId });
      }
    } else {
      // Every fourth region abroad has no fields, so that empty state is always there.
      const count = regionId % 4 === 0 ? 0 : f.number.int({ min: 0, max: 3 });
      for (let i = 0; i < count; i++) {
        const fieldName = `${regionName} Estate – Block ${lotCode(f)}`;
        fields.push({ fieldId: fields.length + 1, fieldName, area: area(), regionId });
      }
    }
  }
  return fields;
}

function generatePlans(f: Faker, fields: readonly StoredField[]): Plan[] {
  const plans: Plan[] = [];
  for (const { fieldId } of fields) {
    // Field 1 overflows the console's page of 6.
    const count = fieldId === 1 ? f.number.int({ min: 7, max: 10 }) : f.number.int({ min: 0, max: 6 });
    for (let i = 0; i < count; i++) {
      const kind = f.helpers.arrayElement(PLAN_KINDS);
      // One plan in ten has no title and another one in ten no description, for the console's fallbacks.
      const missing = f.number.int({ min: 0, max: 9 });
      plans.push({
        planId: plans.length + 1,
        fieldId,
        planTitle: missing === 0 ? null : kind.title(f),
        planDescription: missing === 1 ? null : kind.description(f),
        startDate: iso(REFERENCE_DATE + f.number.int({ min: -240, max: 60 }) * DAY + f.number.int({ min: 0, max: 3 }) * HOUR),
      });
    }
  }
  return plans;
}

function generateRobots(f: Faker): Robot[] {
  const repeat = (type: RobotType, min: number, max: number): RobotType[] =>
    Array.from({ length: f.number.int({ min, max }) }, () => type);
  // Robot 1 is a tapping robot; the rest come in any order. Enough drones for one drone each.
  const types: RobotType[] = [
    'Tapping',
    ...f.helpers.shuffle([
      ...repeat('Tapping', 5, 8),
      ...repeat('Drone', 15, 18),
      ...repeat('Spraying', 3, 5),
      ...repeat('Harvesting', 2, 4),
      ...repeat('Inspection', 2, 4),
    ]),
  ];
  return types.map((typeRobot, i) => ({
    id: i + 1,
    typeRobot,
    model: f.helpers.arrayElement(ROBOT_MODELS[typeRobot]),
    status: f.datatype.boolean({ probability: 0.75 }),
    time: iso(daysBefore(f, 3)),
    energy: f.number.int({ min: 0, max: 100 }),
  }));
}

function generateTasks(f: Faker, robots: readonly Robot[], plans: readonly Plan[]): Task[] {
  const count = f.number.int({ min: 70, max: 90 });
  const tasks: Task[] = [];
  for (let i = 0; i < count; i++) {
    // The first eight tasks belong to plan 1 and every fifth task to robot 1: both overflow a page of 6.
    const planId = i < 8 ? 1 : f.helpers.arrayElement(plans).planId;
    const robot = i % 5 === 0 ? robots.find((r) => r.id === 1) : f.helpers.arrayElement(robots);
    if (!robot) throw new Error('robot 1 is missing');
    const action = f.helpers.arrayElement(TASK_ACTIONS[robot.typeRobot as RobotType]);
    tasks.push({ taskId: i + 1, robotId: robot.id, planId, actionDetail: action(f) });
  }
  return tasks;
}

function generateTrees(f: Faker, vietnameseFields: readonly StoredField[]): RubberTree[] {
  const otherVietnameseFields = vietnameseFields.filter((fd) => fd.fieldId !== 1);
  // Field 1 fills three pages of 6; a handful of other Vietnamese lots have a few trees; the rest have none.
  const plantings = [
    { fieldId: 1, count: f.number.int({ min: 14, max: 18 }) },
    ...f.helpers
      .arrayElements(otherVietnameseFields, { min: 5, max: 7 })
      .map(({ fieldId }) => ({ fieldId, count: f.number.int({ min: 4, max: 8 }) }))
      .sort((a, b) => a.fieldId - b.fieldId),
  ];
  const trees: RubberTree[] = [];
  for (const { fieldId, count } of plantings) {
    for (let i = 0; i < count; i++) {
      // The fifth tree of field 1 always gets a neutral location, so the first pages show the neutral pin.
      const neutral = (fieldId === 1 && i === 4) || f.datatype.boolean({ probability: 0.12 });
      const location = f.helpers.arrayElement(neutral ? NEUTRAL_LOCATIONS : COMPASS_LOCATIONS);
      trees.push({
        treeId: trees.length + 1,
        fieldId,
        location: location(f.number.int({ min: 1, max: 40 })),
        status: f.helpers.weightedArrayElement([
          { weight: 7, value: TREE_STATUSES[0] },
          { weight: 2, value: TREE_STATUSES[1] },
          { weight: 1, value: TREE_STATUSES[2] },
        ]),
        productivity: f.helpers.weightedArrayElement([
          { weight: 4, value: TREE_PRODUCTIVITIES[0] },
          { weight: 4, value: TREE_PRODUCTIVITIES[1] },
          { weight: 2, value: TREE_PRODUCTIVITIES[2] },
        ]),
      });
    }
  }
  return trees;
}

/**
 * Monthly measurements, oldest first, with slow growth. Every fourth tree (2, 6, 10…) has its crown pruned one
 * month, so some trend goes down. Tree 1's newest month is fixed: the top grows by more than 0.1 m while crown,
 * diameter and circumference stay within 0.1 — the console then shows both an 'up' and a 'steady' arrow.
 */
function generateMeasurements(f: Faker, trees: readonly RubberTree[]): TreeMeasurement[] {
  const measurements: TreeMeasurement[] = [];
  for (const { treeId } of trees) {
    const count = f.number.int({ min: 8, max: 12 });
    const prunedAt = treeId % 4 === 2 ? f.number.int({ min: 1, max: count - 1 }) : -1;
    let top = f.number.float({ min: 12, max: 22 });
    let crown = top * f.number.float({ min: 0.45, max: 0.6 });
    let diameter = f.number.float({ min: 15, max: 38 });
    for (let k = 0; k < count; k++) {
      if (treeId === 1 && k === count - 1) {
        top += f.number.float({ min: 0.2, max: 0.35 });
        crown += f.number.float({ min: 0, max: 0.05 });
        diameter += f.number.float({ min: 0, max: 0.02 });
      } else if (k > 0) {
        top += f.number.float({ min: 0.02, max: 0.25 });
        crown += k === prunedAt ? -f.number.float({ min: 0.4, max: 1 }) : f.number.float({ min: 0.02, max: 0.2 });
        diameter += f.number.float({ min: 0.05, max: 0.4 });
      }
      const monthsBack = count - k; // the newest about a month before the reference date
      const checkDate = REFERENCE_DATE - (monthsBack * 30 - f.number.int({ min: 0, max: 4 })) * DAY + f.number.int({ min: 1, max: 4 }) * HOUR;
      const diamEter = round2(diameter);
      measurements.push({
        id: measurements.length + 1,
        treeId,
        checkDate: iso(checkDate),
        topHeight: round2(top),
        crownHeight: round2(crown),
        diamEter,
        cirumFerence: round2(Math.PI * diamEter),
      });
    }
  }
  return measurements;
}

function generateTappings(f: Faker, robots: readonly Robot[], trees: readonly RubberTree[]): Tapping[] {
  const tappers = robots.filter((r) => r.typeRobot === 'Tapping');
  const count = f.number.int({ min: 64, max: 80 });
  const tappings: Tapping[] = [];
  for (let i = 0; i < count; i++) {
    const tapping: Tapping = {
      id: i + 1,
      robotId: f.helpers.arrayElement(tappers).id,
      treeId: f.helpers.arrayElement(trees).treeId,
      direction: f.helpers.arrayElement(DRONE_DIRECTIONS),
      speed: f.number.float({ min: 0.5, max: 2.5, fractionDigits: 1 }),
      // One tree's tapping: a cup of latex, 0.08 to 0.45 litre (a tree gives well under a litre a tapping).
      quantity: f.number.float({ min: 0.08, max: 0.45, fractionDigits: 2 }),
      tappingStatus: f.helpers.weightedArrayElement([
        { weight: 7, value: TAPPING_STATUSES[0] },
        { weight: 2, value: TAPPING_STATUSES[1] },
        { weight: 1, value: TAPPING_STATUSES[2] },
      ]),
      angle: f.number.int({ min: 25, max: 45 }),
      depth: f.number.float({ min: 0.1, max: 1.5, fractionDigits: 2 }),
      bladeStatus: f.helpers.weightedArrayElement([
        { weight: 6, value: BLADE_STATUSES[0] },
        { weight: 3, value: BLADE_STATUSES[1] },
        { weight: 1, value: BLADE_STATUSES[2] },
      ]),
      windDirection: f.helpers.arrayElement(DRONE_DIRECTIONS),
      windSpeed: f.number.float({ min: 0, max: 18, fractionDigits: 1 }),
      temperature: f.number.float({ min: 22, max: 32, fractionDigits: 1 }),
      rainfall: f.datatype.boolean({ probability: 0.6 }) ? 0 : f.number.float({ min: 0.2, max: 25, fractionDigits: 1 }),
      time: iso(earlyMorningBefore(f, 120)),
    };
    // One record in eight lacks one to three readings, for the console's 'Chưa xác định'.
    if (i % 8 === 5) {
      for (const key of f.helpers.arrayElements(OPTIONAL_TAPPING_KEYS, { min: 1, max: 3 })) tapping[key] = null;
    }
    tappings.push(tapping);
  }
  return tappings;
}

/** Where a drone is: a Vietnamese rubber lot, or a district with coordinates. */
function droneLocation(f: Faker, vietnameseFields: readonly StoredField[]): string {
  if (vietnameseFields.length > 0 && f.datatype.boolean()) return f.helpers.arrayElement(vietnameseFields).fieldName;
  const province = f.helpers.arrayElement(VIETNAM_PROVINCES);
  const lat = (province.lat + f.number.float({ min: -0.15, max: 0.15 })).toFixed(4);
  const lng = (province.lng + f.number.float({ min: -0.15, max: 0.15 })).toFixed(4);
  return `${f.helpers.arrayElement(province.districts)}, ${province.name} (${lat}, ${lng})`;
}

/** One drone per drone robot; drone n uses sensor system n. */
function generateDrones(f: Faker, robots: readonly Robot[], vietnameseFields: readonly StoredField[]): Drone[] {
  const droneRobots = robots.filter((r) => r.typeRobot === 'Drone');
  // The first four drones take the four statuses in some order, so every status is on the first page.
  const firstStatuses: DroneStatus[] = f.helpers.shuffle([...DRONE_STATUSES]);
  return droneRobots.map((robot, i) => {
    const droneId = i + 1;
    const status =
      firstStatuses[i] ??
      f.helpers.weightedArrayElement<DroneStatus>([
        { weight: 3, value: 'active' },
        { weight: 3, value: 'flying' },
        { weight: 2, value: 'inactive' },
        { weight: 1, value: 'maintenance' },
      ]);
    const flying = status === 'flying';
    return {
      droneId,
      robotId: robot.id,
      sensorControlSystemId: droneId,
      name: `${f.helpers.arrayElement(DRONE_CALL_SIGNS)} ${String(droneId).padStart(2, '0')}`,
      status,
      batteryLevel: f.number.int({ min: flying ? 20 : 0, max: 100 }),
      lastUpdate: iso(daysBefore(f, 1)),
      droneInfoId: droneId,
      direction: f.helpers.arrayElement(DRONE_DIRECTIONS),
      speed: flying ? f.number.float({ min: 12, max: 45, fractionDigits: 1 }) : 0,
      height: flying ? f.number.float({ min: 20, max: 120, fractionDigits: 1 }) : 0,
      currentLocation: droneLocation(f, vietnameseFields),
      image: droneImage(droneId),
    };
  });
}

function generateSensorSystems(f: Faker, drones: readonly Drone[]): SensorControlSystem[] {
  const sensorStatus = () =>
    f.helpers.weightedArrayElement([
      { weight: 16, value: SENSOR_STATUSES[0] },
      { weight: 2, value: SENSOR_STATUSES[1] },
      { weight: 2, value: SENSOR_STATUSES[2] },
      { weight: 1, value: SENSOR_STATUSES[3] },
    ]);
  return drones.map(({ sensorControlSystemId: scsId }) => ({
    scsId,
    // Three sensors per system, numbered so no two sensors anywhere share an id.
    lidarId: 3 * scsId - 2,
    lidarModel: f.helpers.arrayElement(LIDAR_MODELS),
    cameraId: 3 * scsId - 1,
    cameraModel: f.helpers.arrayElement(CAMERA_MODELS),
    radarId: 3 * scsId,
    radarModel: f.helpers.arrayElement(RADAR_MODELS),
    lidarStatus: sensorStatus(),
    cameraStatus: sensorStatus(),
    radarStatus: sensorStatus(),
    lastUpdate: iso(daysBefore(f, 1)),
  }));
}

// ---------------------------------------------------------------------------------------------------------------
// Entry point
// ---------------------------------------------------------------------------------------------------------------

/** The plantation data for `seed`: the same seed always gives deeply equal data. */
export function generateSeedData(seed: number, today: number = Date.now()): SeedData {
  REFERENCE_DATE = referenceDateOf(today);
  // Each call seeds both instances before it draws anything, and draws synchronously, so no other use of
  // them can interleave: the same seed gives the same data.
  const f = viFaker;
  f.seed(seed);

  const countries = generateCountries();
  const regions = generateRegions(f, countries);
  const fields = generateFields(f, regions);
  const plans = generatePlans(f, fields);
  const robots = generateRobots(f);
  const tasks = generateTasks(f, robots, plans);
  const vietnameseRegionIds = new Set(regions.filter((r) => r.countryId === VIETNAM_COUNTRY_ID).map((r) => r.regionId));
  const vietnameseFields = fields.filter((fd) => vietnameseRegionIds.has(fd.regionId));
  const trees = generateTrees(f, vietnameseFields);
  const measurements = generateMeasurements(f, trees);
  const tappings = generateTappings(f, robots, trees);
  const drones = generateDrones(f, robots, vietnameseFields);
  const sensorSystems = generateSensorSystems(f, drones);

  return { countries, regions, fields, plans, tasks, tappings, drones, sensorSystems, trees, measurements, robots };
}
