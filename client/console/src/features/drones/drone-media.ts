/**
 * The sample media of the details modal (docs/console.md#drone-media): six images and two demo videos shipped in
 * `public/media/`, cycling by drone id. The API's own `image` wins when it gives one.
 */
export const DRONE_IMAGE_COUNT = 6;
export const DRONE_VIDEO_COUNT = 2;

function cycle(droneId: number, count: number): number {
  // Why the double modulo: ids below 1 (never sent by the API, but typed as numbers) still land in 1..count.
  return ((((droneId - 1) % count) + count) % count) + 1;
}

export function droneSampleImage(droneId: number): string {
  return `/media/drone-${cycle(droneId, DRONE_IMAGE_COUNT)}.svg`;
}

export function droneSampleVideo(droneId: number): string {
  return `/media/drone-demo-${cycle(droneId, DRONE_VIDEO_COUNT)}.webm`;
}

export function droneMedia(droneId: number, apiImage: string | null): { image: string; video: string } {
  return { image: apiImage ?? droneSampleImage(droneId), video: droneSampleVideo(droneId) };
}
