/**
 * What a layer row says of where an element's words and classes are written when that is not the element itself
 * (docs/editing-through-code.md): `{label}` inside a component is written at the call site, the sidebar title in its
 * module, a `cn()` class in the component's definition. Nothing when they are written at the element.
 */
import type { ElementSourceInfo } from '@contracts/studio-api.js';

export interface LayerHomeMark {
  /** The short mark the row shows: the file name and line of the first home. */
  text: string;
  /** Every home, for the row's tooltip. */
  title: string;
}

const fileName = (file: string) => file.slice(file.lastIndexOf('/') + 1);

export function layerHomeMark(info: ElementSourceInfo | undefined): LayerHomeMark | null {
  if (!info) return null;
  const own = (place: { file: string; line: number }) => place.file === info.file && place.line === info.line;
  const words = info.textHome?.editable ? info.textHome.places.filter((place) => !own(place)) : [];
  const classes = (info.classHome?.places ?? []).filter((place) => !own(place));
  if (words.length === 0 && classes.length === 0) return null;
  const first = words[0] ?? classes[0]!;
  const lines = [
    ...(words.length > 0 ? [`Words written at ${words.map((place) => `${place.file}:${place.line}`).join(', ')}`] : []),
    ...(classes.length > 0 ? [`Classes written at ${classes.map((place) => `${place.file}:${place.line} (${place.what})`).join(', ')}`] : []),
  ];
  return { text: `→ ${fileName(first.file)}:${first.line}`, title: lines.join('\n') };
}
