import type { DoRoutine } from './types';

/** The optimistic row of a do-routine the server has not answered yet. */
export const blankDoRoutine = (id: string, over: Partial<DoRoutine> = {}): DoRoutine => ({
  id,
  routine: null,
  name: null,
  description: null,
  category: null,
  frequency: null,
  assigned_to: null,
  due_date: null,
  location: null,
  notes: null,
  created_date: null,
  last_updated: null,
  tasks_total: 0,
  tasks_done: 0,
  status: 'Not started',
  completed_at: null,
  due_days_away: null,
  due_colour: null,
  do_routine_sets: [],
  pending: true,
  ...over,
});
