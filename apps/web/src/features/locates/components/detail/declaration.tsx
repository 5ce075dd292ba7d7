import type { RecordDetailDeclaration } from '../../../../components/record/RecordDetailPage';
import { locateRecord, useLocate } from '../../api/getLocate';
import { locateStream, type LocateDetail } from '../../api/locateTypes';
import { LocateTitle } from './LocateTitle';
import { LOCATE_SECTIONS, scrollToLocateSection } from './sections';

/** The locate's detail page, declared: read by id, 'Deleted.' back to /locate/ when it is gone. */
export const locateDetail: RecordDetailDeclaration<LocateDetail> = {
  noun: 'locate',
  listPath: '/locate/',
  stream: locateStream,
  record: locateRecord,
  useRecord: useLocate,
  bar: { title: (locate) => <LocateTitle locate={locate} />, sections: LOCATE_SECTIONS, onJump: scrollToLocateSection, label: 'Locate sections' },
};
