/** The project reports (spec 1 section 7): the management report of the selected projects. */
import { z } from 'zod';
import { datedFileName, defineReport, idList } from '../shared/report-catalogue.ts';

export const projectManagementReport = defineReport({
  name: 'projects.management',
  label: 'Project management report',
  path: '/projects/report/management',
  formats: ['xlsx', 'pdf'],
  params: z.object({ ids: idList() }),
  fileName: (today, format) => datedFileName('Project management report', today, format),
});
