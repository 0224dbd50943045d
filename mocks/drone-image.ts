/**
 * The image path the mock gives a drone: one of the console's sample images in `public/media/`, by id. Apart from
 * the data generator because the handlers need it too (a created drone gets one), and importing the generator
 * loads faker, which start-up must not pay for.
 */
const DRONE_IMAGE_COUNT = 6;

export function droneImage(droneId: number): string {
  return `/media/drone-${((droneId - 1) % DRONE_IMAGE_COUNT) + 1}.svg`;
}
