import { describe, expect, it } from 'vitest';
import type { Line } from '@trenchline/domain';
import { activitiesToSave, blankActivity, dayHeading, dayTotals, draftsOf, shiftWeek, totalHours } from './activitiesLogic';

const saved: Line[] = [
  { id: '31', version: 2, activity_date: '2026-11-23', activity_type: 'Call', hours: 1.5, notes: 'Intro', user: 'Ann Lee' },
  { id: '32', version: 1, activity_date: '2026-11-24', activity_type: 'Demo', hours: 2, notes: null, user: 'Ann Lee' },
];

describe('the sales activities table', () => {
  it('given saved activities, then each is a row with its hours as typed text and who logged it', () => {
    const [a] = draftsOf(saved);
    expect(a).toEqual({ key: '31', id: '31', version: 2, activity_date: '2026-11-23', activity_type: 'Call', hours: '1.5', notes: 'Intro', user: 'Ann Lee' });
  });

  it('given nothing edited, then Save sends nothing', () => {
    expect(activitiesToSave('9', draftsOf(saved), saved)).toEqual([]);
  });

  it('given one saved row changed and a new row filled in, then Save sends the edit with its version and the new one, each naming the organization', () => {
    const drafts = draftsOf(saved);
    drafts[1] = { ...drafts[1], hours: '2.25' };
    drafts.push({ ...blankActivity(0, '2026-11-25'), activity_type: 'Meeting', hours: '3', notes: ' on site ' });
    expect(activitiesToSave('9', drafts, saved)).toEqual([
      { organization: '9', id: '32', version: 1, activity_date: '2026-11-24', activity_type: 'Demo', hours: 2.25, notes: null },
      { organization: '9', activity_date: '2026-11-25', activity_type: 'Meeting', hours: 3, notes: 'on site' },
    ]);
  });

  it('given a new row left blank, then it is not sent; hours that are not a number are sent as typed for the server to name', () => {
    expect(activitiesToSave('9', [blankActivity(0, '2026-11-25')], [])).toEqual([]);
    const odd = { ...blankActivity(1, '2026-11-25'), hours: 'two' };
    expect(activitiesToSave('9', [odd], [])[0].hours).toBe('two');
  });

  it('given rows as edited, then the total adds their hours to two decimals and ignores what is not a number', () => {
    const drafts = [...draftsOf(saved), { ...blankActivity(0, '2026-11-25'), hours: '0.1' }, { ...blankActivity(1, '2026-11-25'), hours: 'x' }];
    expect(totalHours(drafts)).toBe(3.6);
  });
});

describe('the weekly hours view', () => {
  it('given any day, then the weeks before and after start on a Monday', () => {
    expect(shiftWeek('2026-11-25', 0)).toBe('2026-11-23');
    expect(shiftWeek('2026-11-25', -1)).toBe('2026-11-16');
    expect(shiftWeek('2026-11-29', 1)).toBe('2026-11-30');
  });

  it('given a day, then its heading is the weekday and month/day', () => {
    expect(dayHeading('2026-11-23')).toBe('Mon 11/23');
    expect(dayHeading('2026-11-29')).toBe('Sun 11/29');
  });

  it("given each user's week, then each day's total and the week's add every user", () => {
    const users = [
      { days: [1.5, 0, 0, 0, 0, 0, 0], total: 1.5 },
      { days: [0.1, 0.2, 0, 0, 0, 0, 0], total: 0.3 },
    ];
    expect(dayTotals(users)).toEqual({ days: [1.6, 0.2, 0, 0, 0, 0, 0], total: 1.8 });
  });
});
