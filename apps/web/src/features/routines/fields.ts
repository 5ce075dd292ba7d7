/** The fields of the routine and do-routine forms, in the registry's FieldSpec shape (inputs come from LineCell). */
import { newFormOf } from '../../components/record/NewRecordDialog';
import { ROUTINE_CATEGORIES, ROUTINE_FREQUENCIES, type FieldSpec } from '@trenchline/domain';

export const ROUTINE_FORM: FieldSpec[] = [
  { name: 'name', label: 'Name', kind: 'text' },
  { name: 'category', label: 'Category', kind: 'choice', choices: ROUTINE_CATEGORIES },
  { name: 'frequency', label: 'Frequency', kind: 'choice', choices: ROUTINE_FREQUENCIES },
  { name: 'description', label: 'Description', kind: 'longtext' },
];

export const DO_ROUTINE_FORM: FieldSpec[] = [
  { name: 'name', label: 'Name', kind: 'text' },
  { name: 'assigned_to', label: 'Assigned to', kind: 'text' },
  { name: 'due_date', label: 'Due date', kind: 'date' },
  { name: 'location', label: 'Location', kind: 'text' },
  { name: 'category', label: 'Category', kind: 'choice', choices: ROUTINE_CATEGORIES },
  { name: 'frequency', label: 'Frequency', kind: 'choice', choices: ROUTINE_FREQUENCIES },
  { name: 'description', label: 'Description', kind: 'longtext' },
  { name: 'notes', label: 'Notes', kind: 'longtext' },
];

/** The words of the spec's confirmations (section 5). */
/** What New routine and New do-routine ask: a few of the forms' fields; the sets and tasks are added after. */
export const NEW_ROUTINE = newFormOf('New routine', ROUTINE_FORM, ['name', 'category', 'frequency', 'description'], ['name']);
export const NEW_DO_ROUTINE = newFormOf('New do-routine', DO_ROUTINE_FORM, ['name', 'assigned_to', 'due_date', 'location'], ['name']);

export const confirmDelete = (what: 'routine' | 'set' | 'task' | 'do-routine' | 'do-set' | 'do-task') => `Sure you want to delete this ${what}?`;
