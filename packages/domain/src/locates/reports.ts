/** The locate reports (spec 3 section 7): the locates report of the selected locates. */
import { z } from 'zod';
import { datedFileName, defineReport, idList } from '../shared/report-catalogue.ts';

export const locatesReport = defineReport({
  name: 'locates.locates',
  label: 'Locates report',
  path: '/locates/report/locates',
  formats: ['xlsx', 'pdf'],
  params: z.object({ ids: idList() }),
  fileName: (today, format) => datedFileName('Locates report', today, format),
});
