/** The project aggregate: its fields and its child lines (customers, locations, contacts, notes, files). */
import { applyChanges, diff, hasChanges } from '../shared/changes.ts';
import { evolveLines, isLineCommand, type LinesState } from '../shared/collections.ts';
import { type Decider, DomainError, assertNever } from '../shared/decider.ts';
import { decideLineKeepingOneBundle } from '../shared/files.ts';
import { type ProjectCommand, type ProjectFields, projectFields } from './commands.ts';
import type { ProjectEvent, ProjectOwnEvent } from './events.ts';
import { NEW_PROJECT_STATUS } from './rules.ts';
import './collections.ts';

export interface ProjectState {
  id: string | null;
  deleted: boolean;
  fields: ProjectFields;
  created_at: string | null;
  last_updated: string | null;
  lines: LinesState;
}

export const initialProjectState: ProjectState = { id: null, deleted: false, fields: {}, created_at: null, last_updated: null, lines: {} };

function requireProject(state: ProjectState) {
  if (!state.id || state.deleted) throw new DomainError('not_found', 'Project not found');
}

export const projectDecider: Decider<ProjectState, ProjectCommand, ProjectEvent> = {
  aggregate: 'project',
  initialState: initialProjectState,

  decide(command, state, meta) {
    if (isLineCommand(command)) {
      requireProject(state);
      return decideLineKeepingOneBundle(command, state.lines, state.id!, meta, 'project', 'project_files');
    }
    switch (command.type) {
      case 'CreateProject': {
        if (state.id) throw new DomainError('already_exists', 'Project already exists');
        const given = Object.fromEntries(Object.entries(command.values).filter(([, v]) => v !== undefined && v !== null));
        const values = projectFields.parse({ archived: false, status: NEW_PROJECT_STATUS, colour: 'None', ...given });
        return [{ type: 'ProjectCreated', data: { id: command.projectId, values } }];
      }
      case 'ReviseProject': {
        requireProject(state);
        const changes = diff(state.fields, command.values);
        return hasChanges(changes) ? [{ type: 'ProjectRevised', data: { changes } }] : [];
      }
      case 'DeleteProject':
        requireProject(state);
        return [{ type: 'ProjectDeleted', data: {} }];
      default:
        return assertNever(command);
    }
  },

  evolve(state, event, meta) {
    const touched = { ...state, last_updated: meta.at };
    const e = event as ProjectOwnEvent; // line events fall to default
    switch (e.type) {
      case 'ProjectCreated':
        return { ...touched, id: e.data.id, fields: e.data.values, created_at: meta.at };
      case 'ProjectRevised':
        return { ...touched, fields: applyChanges(state.fields, e.data.changes) };
      case 'ProjectDeleted':
        return { ...touched, deleted: true };
      default:
        return { ...touched, lines: evolveLines(state.lines, event, meta) };
    }
  },
};
