import { describe, expect, it } from 'vitest';
import { choosePlace, resolvePlace } from './place-selection';

const countries = [{ countryId: 1 }, { countryId: 2 }];
const regions = [{ regionId: 10 }, { regionId: 11 }];
const fields = [{ fieldId: 100 }, { fieldId: 101 }];

describe('resolvePlace', () => {
  it('keeps the chosen ids that are in their lists', () => {
    expect(resolvePlace({ countryId: 2, regionId: 11, fieldId: 101 }, { countries, regions, fields }, { region: true, field: true })).toEqual({
      countryId: 2,
      regionId: 11,
      fieldId: 101,
    });
  });

  it('falls back to the first entry of a required level, and to nothing for an optional one', () => {
    expect(resolvePlace({}, { countries, regions, fields }, { region: true, field: true })).toEqual({ countryId: 1, regionId: 10, fieldId: 100 });
    expect(resolvePlace({}, { countries, regions }, { region: false, field: false })).toEqual({
      countryId: 1,
      regionId: undefined,
      fieldId: undefined,
    });
  });

  it('drops an id that is not in its list', () => {
    expect(resolvePlace({ countryId: 9, regionId: 77 }, { countries, regions }, { region: false, field: false })).toMatchObject({
      countryId: 1,
      regionId: undefined,
    });
    expect(resolvePlace({ regionId: 77 }, { countries, regions }, { region: true, field: false }).regionId).toBe(10);
  });

  it("keeps the URL's id of a level whose list failed to load, and has nothing there without one", () => {
    expect(resolvePlace({ countryId: 2, regionId: 77 }, { countries, regions: 'failed' }, { region: true, field: false })).toMatchObject({
      countryId: 2,
      regionId: 77,
    });
    expect(resolvePlace({ countryId: 2 }, { countries, regions: 'failed' }, { region: true, field: true })).toEqual({
      countryId: 2,
      regionId: undefined,
      fieldId: undefined,
    });
    expect(resolvePlace({ countryId: 9 }, { countries: 'failed' }, { region: false, field: false }).countryId).toBe(9);
  });

  it("keeps the URL's ids while their lists load, so the list the address names loads at once", () => {
    expect(resolvePlace({ countryId: 1, regionId: 10, fieldId: 100 }, { countries }, { region: true, field: true })).toEqual({
      countryId: 1,
      regionId: 10,
      fieldId: 100,
    });
    expect(resolvePlace({ countryId: 2, regionId: 77, fieldId: 5 }, {}, { region: true, field: true })).toEqual({ countryId: 2, regionId: 77, fieldId: 5 });
    // Once a list is there, an id not in it is dropped as ever.
    expect(resolvePlace({ countryId: 2, regionId: 77, fieldId: 5 }, { countries, regions }, { region: true, field: true })).toEqual({
      countryId: 2,
      regionId: 10,
      fieldId: undefined,
    });
  });

  it("keeps the URL's region and field under a country the URL leaves out", () => {
    expect(resolvePlace({ regionId: 11 }, { countries, regions }, { region: true, field: true })).toEqual({ countryId: 1, regionId: 11, fieldId: undefined });
    expect(resolvePlace({ regionId: 11, fieldId: 101 }, { countries, regions, fields }, { region: true, field: true })).toEqual({ countryId: 1, regionId: 11, fieldId: 101 });
  });

  it('has nothing below a level whose list is still loading without an id from the URL, or empty', () => {
    expect(resolvePlace({ countryId: 1 }, { countries }, { region: true, field: true })).toEqual({
      countryId: 1,
      regionId: undefined,
      fieldId: undefined,
    });
    expect(resolvePlace({}, { countries, regions: [], fields }, { region: true, field: true })).toEqual({
      countryId: 1,
      regionId: undefined,
      fieldId: undefined,
    });
    expect(resolvePlace({}, {}, { region: true, field: true }).countryId).toBeUndefined();
  });
});

describe('choosePlace', () => {
  it('resets the levels below the chosen one and the page', () => {
    expect(choosePlace('country', 2)).toEqual({ countryId: 2, regionId: undefined, fieldId: undefined, page: 0 });
    expect(choosePlace('region', 11)).toEqual({ regionId: 11, fieldId: undefined, page: 0 });
    expect(choosePlace('field', 101)).toEqual({ fieldId: 101, page: 0 });
  });
});
