import { describe, expect, it } from 'vitest';
import { assignedTo } from './fieldSync';

describe("the field sync's jobs", () => {
  it('given the New ticket menu\'s jobs, then the user keeps those they are assigned to, not those open to every crew or others\'', () => {
    const jobs = [
      { id: '1', account_job_number: '1', title: 'Mine', assigned_user_ids: ['7', '9'] },
      { id: '2', account_job_number: '2', title: 'Open to every crew', assigned_user_ids: [] },
      { id: '3', account_job_number: '3', title: 'Theirs', assigned_user_ids: ['9'] },
      { id: '4', account_job_number: '4', title: 'No assignment read' },
    ];
    expect(assignedTo(jobs, '7').map((j) => j.id)).toEqual(['1']);
  });
});
