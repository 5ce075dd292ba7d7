/** Project read models: the project list, its columns and search words from its declaration (packages/read-model/src/projects/list.ts). */
import { projected } from '@trenchline/platform';
import { projectsList } from '@trenchline/read-model';
import { recordListProjection } from '../shared/record-list.ts';

export const projectList = recordListProjection({ aggregate: 'project', table: 'projects', ...projected(projectsList) });

export const projectProjections = [projectList];
