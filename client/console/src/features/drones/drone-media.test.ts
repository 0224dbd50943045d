import { describe, expect, it } from 'vitest';
import { droneMedia, droneSampleImage, droneSampleVideo } from './drone-media';

describe('drone media', () => {
  it('cycles six images and two videos by drone id', () => {
    expect([1, 2, 6, 7, 12, 13].map(droneSampleImage)).toEqual([
      '/media/drone-1.svg',
      '/media/drone-2.svg',
      '/media/drone-6.svg',
      '/media/drone-1.svg',
      '/media/drone-6.svg',
      '/media/drone-1.svg',
    ]);
    expect([1, 2, 3, 4].map(droneSampleVideo)).toEqual([
      '/media/drone-demo-1.webm',
      '/media/drone-demo-2.webm',
      '/media/drone-demo-1.webm',
      '/media/drone-demo-2.webm',
    ]);
  });

  it("prefers the API's image", () => {
    expect(droneMedia(2, '/media/drone-5.svg')).toEqual({ image: '/media/drone-5.svg', video: '/media/drone-demo-2.webm' });
    expect(droneMedia(2, null).image).toBe('/media/drone-2.svg');
  });
});
