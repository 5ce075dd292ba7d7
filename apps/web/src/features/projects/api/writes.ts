import { listedRecordWrites } from '../../../components/record/api/listedRecordWrites';
import { projectKey, projectUrl, rowOf, type ProjectDetail, type ProjectRow, type ProjectValues } from './types';

/** The project's save (If-Match: the version the user began from) and delete, the project list's row patched at once. */
export const projectWrites = listedRecordWrites<ProjectDetail, ProjectValues, ProjectRow>({ list: 'projects', url: projectUrl, key: projectKey, rowOf });
