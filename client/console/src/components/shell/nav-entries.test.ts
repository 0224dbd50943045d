import { describe, expect, it } from 'vitest';
import { isEntryActive, NAV_ENTRIES, SIDEBAR_TITLE } from './nav-entries';

const activeFor = (pathname: string) => NAV_ENTRIES.filter((e) => isEntryActive(e.path, pathname)).map((e) => e.path);

describe('sidebar entries', () => {
  it('has the title and the eleven entries of the shell', () => {
    expect(SIDEBAR_TITLE).toBe('Plantation Admin');
    expect(NAV_ENTRIES.map((e) => e.path)).toEqual([
      '/', '/field', '/plan', '/robot', '/region', '/tapping', '/task', '/drone', '/drone/sensor', '/rubber-tree/1',
      '/rubber-tree-detail/1',
    ]);
  });

  it('marks the entry of the exact path', () => {
    for (const { path } of NAV_ENTRIES) expect(activeFor(path)).toEqual([path]);
    expect(activeFor('/plan/')).toEqual(['/plan']);
  });

  it('marks the country list only on /', () => {
    expect(activeFor('/')).toEqual(['/']);
    expect(activeFor('/unknown')).toEqual([]);
  });

  it('keeps region, field and the tree entries active below their paths', () => {
    expect(activeFor('/region/7')).toEqual(['/region']);
    expect(activeFor('/field/3')).toEqual(['/field']);
    expect(activeFor('/rubber-tree/42')).toEqual(['/rubber-tree/1']);
    expect(activeFor('/rubber-tree-detail/9')).toEqual(['/rubber-tree-detail/1']);
  });

  it('marks drones only on /drone exactly, and the sensor entry on every sensor path', () => {
    expect(activeFor('/drone')).toEqual(['/drone']);
    expect(activeFor('/drone/sensor')).toEqual(['/drone/sensor']);
    expect(activeFor('/drone/sensor/5')).toEqual(['/drone/sensor']);
    expect(activeFor('/drone/5')).toEqual([]);
  });
});
