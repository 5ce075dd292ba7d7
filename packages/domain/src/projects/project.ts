/** The project aggregate: its fields and its child lines (customers, locations, contacts, notes, files). */
import { type Decider } from '../shared/decider.ts';
import { givenValues, newRecordState, recordDecider, type RecordState } from '../shared/record-decider.ts';
import { type ProjectCommand, type ProjectFields, projectFields } from './commands.ts';
import type { ProjectEvent } from './events.ts';
import { NEW_PROJECT_STATUS } from './rules.ts';
import { projectCollections, projectFiles } from './collections.ts';

export type ProjectState = RecordState<ProjectFields>;

export const initialProjectState: ProjectState = newRecordState();

export const projectDecider: Decider<ProjectState, ProjectCommand, ProjectEvent> = recordDecider<ProjectState, ProjectCommand, ProjectEvent>({
  aggregate: 'project',
  label: 'Project',
  collections: projectCollections,
  commands: { create: 'CreateProject', revise: 'ReviseProject', delete: 'DeleteProject' },
  idField: 'projectId',
  events: { created: 'ProjectCreated', revised: 'ProjectRevised', deleted: 'ProjectDeleted' },
  created: (values) => projectFields.parse({ archived: false, status: NEW_PROJECT_STATUS, colour: 'None', ...givenValues(values) }),
  oneBundleIn: projectFiles.name,
});
