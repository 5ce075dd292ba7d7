import { describe, expect, it } from 'vitest';
import { JOB_FIELD_NAMES } from '@trenchline/domain';
import { coordinatorFill, jobFormLogic, matchesLastName, toPayload, userOptions } from './formLogic';
import { JOB_SECTIONS, sectionOffset } from './sections';
import type { JobValues } from './api/getJob';

const blank = () => jobFormLogic.valuesOf({}) as JobValues;

describe('the job form', () => {
  it('has every job field and sees amounts typed as text as the numbers kept', () => {
    expect(Object.keys(blank()).sort()).toEqual([...JOB_FIELD_NAMES].sort());
    expect(jobFormLogic.changedFields({ estimated_payout: 1250.5 }, { estimated_payout: '1250.50' })).toEqual([]);
  });

  it('sends blanks as null, amounts as numbers to the cent and archived as a flag', () => {
    const out = toPayload({ ...blank(), title: '  ', estimated_payout: '$12,500.456' as unknown as number, archived: null });
    expect(out.title).toBeNull();
    expect(out.estimated_payout).toBe(12500.46);
    expect(out.archived).toBe(false);
  });
});

describe('the coordinator look-up', () => {
  const list = [{ coordinator_code: 'SVA-7', coordinator: 'Dana Reyes', coord_phone1: '918-555-0101', coord_phone2: null, coordinator_email: 'dana@att.example' }];

  it('fills the coordinator, phones and email from a known code (trimmed, case-blind)', () => {
    expect(coordinatorFill(' sva-7 ', list)).toEqual({ coordinator: 'Dana Reyes', coord_phone1: '918-555-0101', coord_phone2: null, coordinator_email: 'dana@att.example' });
  });

  it('fills nothing without a code, or with a code Settings does not know yet', () => {
    expect(coordinatorFill('', list)).toBeNull();
    expect(coordinatorFill(null, list)).toBeNull();
    expect(coordinatorFill('SVA-9', list)).toBeNull();
  });
});

describe('the assign-user picker', () => {
  const users = [
    { email: 'zed@x.co', first_name: 'Ann', last_name: 'Zimmer' },
    { email: 'bo@x.co', display_name: 'Bo Adams' },
    { email: 'cy@x.co', first_name: 'Cy', last_name: 'Miller' },
  ];

  it('lists users not yet assigned by last name, valued by email', () => {
    expect(userOptions(users, ['CY@x.co'])).toEqual([
      { value: 'bo@x.co', label: 'Adams, Bo (bo@x.co)' },
      { value: 'zed@x.co', label: 'Zimmer, Ann (zed@x.co)' },
    ]);
  });

  it('matches what is typed against the last name', () => {
    expect(matchesLastName('Zimmer, Ann (zed@x.co)', 'zim')).toBe(true);
    expect(matchesLastName('Zimmer, Ann (zed@x.co)', 'ann')).toBe(false);
  });
});

describe('the section bar', () => {
  it('leaves 150 px above the form and 160 above the other sections', () => {
    expect(sectionOffset('details')).toBe(150);
    expect(sectionOffset('materials')).toBe(160);
    expect(new Set(JOB_SECTIONS.map((s) => s.id)).size).toBe(JOB_SECTIONS.length);
  });
});
