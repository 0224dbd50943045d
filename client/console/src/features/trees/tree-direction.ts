/**
 * The compass side of a tree from its free-text location (docs/console.md#rubber-tree-list): the card's
 * colour and arrow follow north, south, east or west in the text, case-insensitively; anything else gets a
 * neutral pin. Locations are often written in Vietnamese ('Phía Tây, hàng 3'), so Bắc/Nam/Đông/Tây count as
 * the same four words.
 */
export type CompassSide = 'north' | 'south' | 'east' | 'west';

const SIDES: readonly { side: CompassSide; english: string; vietnamese: string }[] = [
  { side: 'north', english: 'north', vietnamese: 'bắc' },
  { side: 'south', english: 'south', vietnamese: 'nam' },
  { side: 'east', english: 'east', vietnamese: 'đông' },
  { side: 'west', english: 'west', vietnamese: 'tây' },
];

/** Vietnamese words must stand alone: 'nam' is also a piece of many longer words. */
const vietnameseWord = (word: string) => new RegExp(`(^|[^\\p{L}])${word}([^\\p{L}]|$)`, 'iu');
const MATCHERS = SIDES.map(({ side, english, vietnamese }) => {
  const word = vietnameseWord(vietnamese);
  return { side, test: (text: string) => text.toLowerCase().includes(english) || word.test(text.normalize('NFC')) };
});

/** The first of north, south, east, west the location names, in that order; null for none. */
export function compassSideOf(location: string): CompassSide | null {
  return MATCHERS.find((m) => m.test(location))?.side ?? null;
}

export interface DirectionStyle {
  side: CompassSide | null;
  label: string;
  /** Degrees to turn an up-pointing arrow; null for the neutral pin. */
  rotation: number | null;
  /** Tailwind classes of the card's accent (border, tint, icon). */
  accent: string;
}

const STYLES: Record<CompassSide | 'none', DirectionStyle> = {
  north: { side: 'north', label: 'Hướng Bắc', rotation: 0, accent: 'border-sky-500 bg-sky-50 text-sky-700' },
  south: { side: 'south', label: 'Hướng Nam', rotation: 180, accent: 'border-rose-500 bg-rose-50 text-rose-700' },
  east: { side: 'east', label: 'Hướng Đông', rotation: 90, accent: 'border-amber-500 bg-amber-50 text-amber-700' },
  west: { side: 'west', label: 'Hướng Tây', rotation: 270, accent: 'border-violet-500 bg-violet-50 text-violet-700' },
  none: { side: null, label: 'Không rõ hướng', rotation: null, accent: 'border-slate-300 bg-slate-50 text-slate-600' },
};

export function directionStyleOf(location: string): DirectionStyle {
  return STYLES[compassSideOf(location) ?? 'none'];
}
