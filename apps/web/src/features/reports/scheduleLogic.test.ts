import { describe, expect, it } from 'vitest';
import { filterOfText, filterText, recipientsWords, reportChoices } from './scheduleLogic';

describe('schedule screen logic', () => {
  it('given filter lines, when read, then name=value pairs and nothing else, and back again', () => {
    const f = filterOfText('priority=High\n\nnot a filter\n q = pipe ');
    expect(f).toEqual({ priority: 'High', q: 'pipe' });
    expect(filterOfText(filterText(f))).toEqual(f);
  });
  it('words the recipients and knows a list\'s reports with their formats', () => {
    expect(recipientsWords({ users: ['1', '2'], emails: ['a@b.co'], webhooks: [] })).toBe('2 users, 1 address');
    expect(reportChoices('help_tickets')).toEqual([{ value: 'management', label: expect.any(String), formats: expect.arrayContaining(['xlsx']) }]);
  });
});
