/** What the projects area declares; packages/domain/src/registry.ts composes every area. */
import type { AggregateDef, Area } from '../shared/aggregates.ts';
import { projectDecider, type ProjectState } from './project.ts';
import { projectCollections } from './collections.ts';
import { projectView, withProjectDays } from './view.ts';
import { projectManagementReport } from './reports.ts';
import { bulkEntryNamed } from '../shared/bulk-lists.ts';

export const projectAggregate = { name: 'project', label: 'Project', decider: projectDecider, view: projectView, listRow: withProjectDays, list: 'projects', shownAs: { page: '/project/:id' } } satisfies AggregateDef<ProjectState>;

export const projectsArea: Area = {
  aggregates: [projectAggregate],
  collections: projectCollections,
  reports: [projectManagementReport],
  bulk: { projects: { aggregate: 'project', reports: { management: projectManagementReport.name }, zipPrefix: 'Project', entryPrefix: bulkEntryNamed('name', 'Project') } },
};
