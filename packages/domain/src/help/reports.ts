/** The help reports (spec 3 section 7): the management report of the selected help tickets. */
import { z } from 'zod';
import { datedFileName, defineReport, idList } from '../shared/report-catalogue.ts';

export const helpManagementReport = defineReport({
  name: 'help.management',
  label: 'Help management report',
  path: '/help/report/management',
  formats: ['xlsx', 'pdf'],
  params: z.object({ ids: idList() }),
  fileName: (today, format) => datedFileName('Help management report', today, format),
});
