import { describe, expect, it } from 'vitest';
import { DEFAULT_SORT, distanceMiles, filterProjects, haversineMiles, projectZipEntries } from './listLogic';
import { sortRows } from '../../lib/listLogic';

describe('filter and sort', () => {
  const rows = [
    { id: '1', name: 'Main St bore', customer_names: 'AT&T', project_days_left: 9 },
    { id: '2', name: 'Oak Rd trench', customer_names: 'Lumen', project_days_left: null },
    { id: '3', name: 'Aerial lash', customer_names: 'AT&T, Lumen', project_days_left: -2 },
    { id: '4', name: 'River crossing', customer_names: null, project_days_left: 3 },
  ];
  it('sorts by days left ascending by default, no due date last', () => {
    expect(DEFAULT_SORT).toEqual({ key: 'project_days_left', dir: 'asc' });
    expect(sortRows(rows, DEFAULT_SORT).map((r) => r.id)).toEqual(['3', '4', '1', '2']);
  });
  it('filters on every typed word anywhere in the row', () => {
    expect(filterProjects(rows, 'lumen').map((r) => r.id)).toEqual(['2', '3']);
    expect(filterProjects(rows, 'at&t aerial').map((r) => r.id)).toEqual(['3']);
    expect(filterProjects(rows, '')).toHaveLength(4);
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

describe('bulk actions', () => {
  it('zip the selected visible projects\' bundles named after the project', () => {
    const bundle = (name: string) => ({ id: 'f', file: `/api/files/9/${name}`, file_name: name });
    const rows = [
      { id: '1', name: 'Main/St', pdf_bundle: bundle('b.pdf') },
      { id: '2', name: '', pdf_bundle: bundle('b.pdf') },
      { id: '3', name: 'No bundle', pdf_bundle: null },
    ];
    expect(projectZipEntries(rows, new Set(['3']))).toEqual([]);
    expect(projectZipEntries(rows, new Set(['1', '2', '3'])).map((e) => e.name)).toEqual(['Main-St - b.pdf', 'Project 2 - b.pdf']);
  });
});
