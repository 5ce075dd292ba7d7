import { describe, expect, it } from 'vitest';
import { DEFAULT_SORT, distanceMiles, haversineMiles } from './listLogic';

describe('sort', () => {
  it('is by days left ascending by default', () => {
    expect(DEFAULT_SORT).toEqual({ key: 'project_days_left', dir: 'asc' });
  });
});

describe('distance from the device', () => {
  const tulsa = { latitude: 36.154, longitude: -95.9928 };
  const okc = { latitude: 35.4676, longitude: -97.5164 };
  it('is the great-circle distance in miles', () => {
    expect(haversineMiles(tulsa, tulsa)).toBe(0);
    // Tulsa to Oklahoma City is about 98 miles as the crow flies.
    expect(haversineMiles(tulsa, okc)).toBeGreaterThan(96);
    expect(haversineMiles(tulsa, okc)).toBeLessThan(100);
    // A quarter of the way round the earth at the equator.
    expect(haversineMiles({ latitude: 0, longitude: 0 }, { latitude: 0, longitude: 90 })).toBeCloseTo(6218.4, 0);
  });
  it('goes to the project\'s location, rounded to a tenth; nothing without a position or coordinates', () => {
    expect(distanceMiles(tulsa, { latitude: '35.4676', longitude: -97.5164 })).toBeCloseTo(haversineMiles(tulsa, okc), 1);
    expect(String(distanceMiles(tulsa, okc))).toMatch(/^\d+(\.\d)?$/);
    expect(distanceMiles(null, okc)).toBeNull();
    expect(distanceMiles(tulsa, null)).toBeNull();
    expect(distanceMiles(tulsa, { latitude: null, longitude: -97 })).toBeNull();
    expect(distanceMiles(tulsa, { latitude: '', longitude: '' })).toBeNull();
  });
});
