import { describe, expect, it } from 'vitest';
import { AREAS, areaOf } from './navigation';

describe('navigation', () => {
  it('lists every area of the spec', () => {
    expect(AREAS.map((a) => a.label)).toEqual([
      'Bids', 'Projects', 'Routines', 'Jobs', 'ORCA', 'All other jobs', 'Tickets', 'Locates', 'Help', 'Orders', 'RFQs', 'Sales', 'Settings', 'Reports', 'Audit trail',
    ]);
  });
  it('highlights the most specific area', () => {
    expect(areaOf('/job/orca/12')?.label).toBe('ORCA');
    expect(areaOf('/job/12')?.label).toBe('Jobs');
    expect(areaOf('/bid')?.label).toBe('Bids');
    expect(areaOf('/ticket/1042')?.label).toBe('Tickets');
    expect(areaOf('/nowhere')).toBeUndefined();
  });
});
