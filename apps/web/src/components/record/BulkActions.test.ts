/** The report's question for all that match says 'about' when the list's count is the server's estimate. */
import { describe, expect, it } from 'vitest';
import { reportAllQuestion } from './BulkActions';

describe('the question before a report of all that match', () => {
  it('given an estimated count, then it says about; given an exact one, then the number', () => {
    expect(reportAllQuestion(1_200_000, 'jobs', true)).toBe('Report all about 1,200,000 matching jobs?');
    expect(reportAllQuestion(12, 'jobs')).toBe('Report all 12 matching jobs?');
  });
});
