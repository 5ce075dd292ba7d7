import { useEffect, useRef } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { Alert, Stack } from '@mantine/core';
import { WaitMessage } from '../../../../components/WaitMessage';
import { RecordAsOfView } from '../../../../components/record/AsOfControl';
import { SectionBar } from '../../../../components/record/SectionBar';
import { errorText, isApiError } from '../../../../lib/http';
import { useMessage } from '../../../../lib/messages';
import { useLiveRecord } from '../../../../lib/realtime';
import { locateRecord, useLocate } from '../../api/getLocate';
import { locateStream, type LocateDetail } from '../../api/locateTypes';
import { useOpenLocate } from '../../api/openLocate';
import { locateFormLogic } from './formLogic';
import { LocateEditor } from './LocateEditor';
import { LocateForm } from './LocateForm';
import { LocateSections } from './LocateSections';
import { LocateTitle } from './LocateTitle';
import { LOCATE_SECTIONS, scrollToLocateSection, Section } from './sections';

/**
 * /locate/{id}: the live locate to edit (opening it turns a New ticket type Normal), or with ?as_of=
 * the locate as it stood then, read-only. A locate that cannot be loaded sends the user to the list
 * with 'Deleted.' (spec 3 section 8).
 */
export function LocateDetailPage() {
  const { id = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const asOf = params.get('as_of');
  const navigate = useNavigate();
  const message = useMessage();
  useLiveRecord(locateStream(id));
  const locate = useLocate(id);
  useFirstOpen(id, !asOf);

  const gone = isApiError(locate.error) && (locate.error.status === 404 || locate.error.status === 400);
  useEffect(() => {
    if (!gone) return;
    message('Deleted.');
    navigate('/locate/', { replace: true });
  }, [gone, message, navigate]);

  if (asOf) return <LocateAsOfView id={id} asOf={asOf} onNow={() => setParams({})} />;
  if (locate.isPending || gone) return <WaitMessage boxed />;
  if (locate.isError)
    return (
      <Alert color="red" title="The locate could not be loaded">
        {errorText(locate.error)}
      </Alert>
    );
  return <LocateEditor key={id} locate={locate.data} onAsOf={(iso) => setParams({ as_of: iso })} />;
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

function LocateAsOfView({ id, asOf, onNow }: { id: string; asOf: string; onNow: () => void }) {
  return (
    <RecordAsOfView<LocateDetail> record={locateRecord(id)} noun="locate" asOf={asOf} onNow={onNow}>
      {(past) => (
        <Stack gap="xs">
          <SectionBar title={<LocateTitle locate={past} />} sections={LOCATE_SECTIONS} onJump={scrollToLocateSection} label="Locate sections" />
          <Section id="details">
            <LocateForm values={locateFormLogic.valuesOf(past)} locate={past} readOnly />
          </Section>
          <LocateSections locate={past} readOnly />
        </Stack>
      )}
    </RecordAsOfView>
  );
}
