/** The project aggregate: its fields and its child lines (customers, locations, contacts, notes, files). */
import { type Decider } from '../shared/decider.ts';
import type { DateOrder } from '../shared/date-order.ts';
import { givenValues, newRecordState, recordDecider, recordNames, type RecordState } from '../shared/record-decider.ts';
import { type ProjectCommand, type ProjectFields, projectFields } from './commands.ts';
import type { ProjectEvent } from './events.ts';
import { NEW_PROJECT_STATUS } from './rules.ts';
import { projectCollections, projectFiles } from './collections.ts';

export type ProjectState = RecordState<ProjectFields>;

export const initialProjectState: ProjectState = newRecordState();

/** A project is not due before it starts (issue 28; shared/date-order.ts says when a save is refused). */
export const PROJECT_DATE_ORDER: readonly DateOrder[] = [{ earlier: 'start_date', later: 'due_date', earlierLabel: 'start date', laterLabel: 'due date' }];

export const projectDecider: Decider<ProjectState, ProjectCommand, ProjectEvent> = recordDecider<ProjectState, ProjectCommand, ProjectEvent>({
  aggregate: 'project',
  label: 'Project',
  collections: projectCollections,
  ...recordNames('Project'),
  created: (values) => projectFields.parse({ archived: false, status: NEW_PROJECT_STATUS, colour: 'None', ...givenValues(values) }),
  dateOrder: PROJECT_DATE_ORDER,
  oneBundleIn: projectFiles.name,
});
