/** The api waits on and reports the projections the platform package declares: they must be exactly the ones this projector runs. */
import { describe, expect, it } from 'vitest';
import { listNames, projectionNames, projectionsOfList } from '@trenchline/platform';
import { projections as allProjections } from './registry.ts';

const projections = allProjections();

describe('the lists and their projections', () => {
  it('given the declared projection names, then they are the registry’s', () => {
    expect([...projectionNames()].sort()).toEqual(projections.map((p) => p.name).sort());
  });

  it('given every list a record keeps, then some declared projection keeps it', () => {
    for (const names of listNames().map(projectionsOfList)) expect(names.every((n) => projections.some((p) => p.name === n))).toBe(true);
  });
});
