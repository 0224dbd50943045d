/**
 * How each outline layer looks: colours in normal and AI mode, stacking order, and a width scaled by the
 * inverse of the zoom so it stays the same on screen at any canvas zoom (the secondary layer is half as wide).
 * See docs/editor.md#outlines.
 */
export type OutlineLayer = 'primary' | 'secondary' | 'component' | 'child' | 'move';

export const OUTLINE_COLORS = {
  normal: { primary: '#4597F7', secondary: '#4597F7', component: '#6183e4' },
  ai: { primary: '#6858f5', secondary: '#6858f5', component: '#5246C2' },
} as const;

export const OUTLINE_Z_INDEX: Record<OutlineLayer, number> = {
  move: 2000000003,
  primary: 2000000002,
  secondary: 2000000001,
  child: 2000000000,
  component: 2000000002,
};

/** The distance guides' colour: apart from the outlines' blues, as Figma draws its measurements. */
export const DISTANCE_GUIDE_COLOR = '#F24822';

/** The move outline's overlay (its label and handle) sits one above the move outline itself. */
/** The handles' colours by kind, as Figma and Webflow tell them apart: size white on blue, padding, margin, gap. */
export const HANDLE_COLORS = { size: '#FFFFFF', padding: '#D946EF', margin: '#F59E0B', gap: '#EC4899' } as const;

export const MOVE_OVERLAY_Z_INDEX = 2000000004;

/** On-screen width of a primary outline, in CSS pixels at zoom 1. */
export const BASE_OUTLINE_WIDTH_PX = 2;

/** The 'Edit Dynamic Text' button's height. */
export const EDIT_DYNAMIC_TEXT_BUTTON_PX = 22;
export const EDIT_DYNAMIC_TEXT_LABEL = 'Edit Dynamic Text';

export interface OutlineStyle {
  color: string;
  width: number;
  zIndex: number;
  dashed: boolean;
}

export function outlineStyle(layer: OutlineLayer, zoomPerc: number, aiMode: boolean): OutlineStyle {
  const palette = aiMode ? OUTLINE_COLORS.ai : OUTLINE_COLORS.normal;
  const zoom = zoomPerc > 0 ? zoomPerc : 1;
  const full = BASE_OUTLINE_WIDTH_PX / zoom;
  const color = layer === 'component' ? palette.component : palette.primary;
  return {
    color,
    width: layer === 'secondary' || layer === 'child' ? full / 2 : full,
    zIndex: OUTLINE_Z_INDEX[layer],
    dashed: layer === 'child' || layer === 'move',
  };
}

/** The size label: 'width x height' in whole CSS pixels. */
export function sizeLabel(width: number, height: number): string {
  return `${Math.round(width)} x ${Math.round(height)}`;
}
