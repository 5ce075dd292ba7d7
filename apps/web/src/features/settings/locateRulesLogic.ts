/**
 * Settings > Locates' own logic: which rules the user changed (only those are sent, so a colleague's
 * edit of another rule is kept), and the rules in one sentence. Tested in locateRulesLogic.test.ts.
 */
import type { LocateRulesValues } from './api/saveLocateRules';

export const RULE_KEYS = ['ticket_life_days', 'ticket_life_basis', 'work_wait_days', 'reup_lead_days'] as const;

/** The rules the draft changes from what was saved. */
export function changedRules(saved: LocateRulesValues, draft: LocateRulesValues): Partial<LocateRulesValues> {
  return Object.fromEntries(RULE_KEYS.filter((k) => saved[k] !== draft[k]).map((k) => [k, draft[k]])) as Partial<LocateRulesValues>;
}

const days = (n: number, working: boolean) => `${n} ${working ? 'working ' : ''}day${n === 1 ? '' : 's'}`;

/** What the rules mean, e.g. 'A ticket lives 14 days after it is submitted; a re-up may be worked 2 days after it is submitted; locates count as expiring 2 days before their expiry.' */
export function rulesSummary(r: LocateRulesValues): string {
  const working = r.ticket_life_basis === 'working';
  return [
    `A ticket lives ${days(r.ticket_life_days, working)} after it is submitted (a re-up's, after its work date)`,
    `a re-up may be worked ${days(r.work_wait_days, working)} after it is submitted`,
    `locates count as expiring ${r.reup_lead_days === 0 ? 'on their expiry date' : `${days(r.reup_lead_days, working)} before their expiry`}.`,
  ].join('; ');
}
