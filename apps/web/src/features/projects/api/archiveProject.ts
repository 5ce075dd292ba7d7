import { http } from '../../../lib/http';
import { projectUrl, type ProjectDetail, type WriteAnswer } from './types';

/** Archive one project: a PUT of only { archived: true } (spec 1 section 4). */
export const archiveProject = (id: string) => http.put<WriteAnswer<ProjectDetail>>(projectUrl(id), { archived: true });
