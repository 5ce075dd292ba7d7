import { useEffect, useRef } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { RecordDetailPage } from '../../../../components/record/RecordDetailPage';
import { useOpenLocate } from '../../api/openLocate';
import { locateDetail } from './declaration';
import { locateFormLogic } from './formLogic';
import { LocateEditor } from './LocateEditor';
import { LocateForm } from './LocateForm';
import { LocateSections } from './LocateSections';
import { Section } from './sections';

/**
 * /locate/{id}: the live locate to edit (opening it turns a New ticket type Normal), or with ?as_of=
 * the locate as it stood then, read-only (components/record/RecordDetailPage). A locate that cannot be
 * loaded sends the user to the list with 'Deleted.' (spec 3 section 8).
 */
export function LocateDetailPage() {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  useFirstOpen(id, !params.get('as_of'));
  return (
    <RecordDetailPage
      of={locateDetail}
      editor={(locate, onAsOf) => <LocateEditor locate={locate} onAsOf={onAsOf} />}
      past={(past) => (
        <>
          <Section id="details">
            <LocateForm values={locateFormLogic.valuesOf(past)} locate={past} readOnly />
          </Section>
          <LocateSections locate={past} readOnly />
        </>
      )}
    />
  );
}

/** POST .../opened/ once per locate the page shows (the server changes nothing after the first). */
function useFirstOpen(id: string, live: boolean) {
  const open = useOpenLocate();
  const told = useRef<string | null>(null);
  const { mutate } = open;
  useEffect(() => {
    if (!live || !id || told.current === id) return;
    told.current = id;
    // A locate that is gone fails here too; the page's own load says 'Deleted.'.
    mutate(id, { onError: () => undefined });
  }, [id, live, mutate]);
}
