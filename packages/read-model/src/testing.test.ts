/** Which process a test database belongs to, so the run's teardown drops only those of processes gone. */
import { describe, expect, it } from 'vitest';
import { ownerOf } from './testing.ts';

describe('the owner of a test database', () => {
  it('given a file database or a spare copy, then its process id; a label ending in digits does not confuse it', () => {
    expect(ownerOf('tl_browser_job_list_4242_k3j9x1')).toBe(4242);
    expect(ownerOf('tl_seed_2_777_ab12cd')).toBe(777);
    expect(ownerOf('tl_spare_4242_k3j9x1')).toBe(4242);
  });

  it('given the template, the replica test database or another database, then no owner: the teardown leaves them', () => {
    expect(ownerOf('tl_template_18fc55debd48')).toBeNull();
    expect(ownerOf('tl_replica')).toBeNull();
    expect(ownerOf('trenchline')).toBeNull();
  });
});
