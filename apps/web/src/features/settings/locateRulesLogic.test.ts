import { describe, expect, it } from 'vitest';
import { changedRules, rulesSummary } from './locateRulesLogic';

const spec = { ticket_life_days: 14, ticket_life_basis: 'calendar' as const, work_wait_days: 2, reup_lead_days: 2 };

describe('Settings > Locates', () => {
  it('given one rule changed, then only it is sent', () => {
    expect(changedRules(spec, { ...spec, reup_lead_days: 5 })).toEqual({ reup_lead_days: 5 });
    expect(changedRules(spec, { ...spec, ticket_life_basis: 'working' })).toEqual({ ticket_life_basis: 'working' });
    expect(changedRules(spec, spec)).toEqual({});
  });

  it('says what the rules mean, in calendar or working days', () => {
    expect(rulesSummary(spec)).toBe(
      "A ticket lives 14 days after it is submitted (a re-up's, after its work date); a re-up may be worked 2 days after it is submitted; locates count as expiring 2 days before their expiry.",
    );
    expect(rulesSummary({ ...spec, ticket_life_basis: 'working', work_wait_days: 1, reup_lead_days: 0 })).toBe(
      "A ticket lives 14 working days after it is submitted (a re-up's, after its work date); a re-up may be worked 1 working day after it is submitted; locates count as expiring on their expiry date.",
    );
  });
});
