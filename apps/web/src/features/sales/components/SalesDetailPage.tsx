import { useEffect } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { Alert, Stack } from '@mantine/core';
import { WaitMessage } from '../../../components/WaitMessage';
import { RecordAsOfView } from '../../../components/record/AsOfControl';
import { SectionBar } from '../../../components/record/SectionBar';
import { errorText, isApiError } from '../../../lib/http';
import { useMessage } from '../../../lib/messages';
import { useLiveRecord } from '../../../lib/realtime';
import { salesRecord, useOrganization } from '../api/calls';
import { salesStream, type SalesDetail } from '../api/types';
import { salesFormLogic } from '../formLogic';
import { ActivitiesSection } from './ActivitiesSection';
import { SalesEditor } from './SalesEditor';
import { SalesForm } from './SalesForm';
import { SalesLines } from './SalesLines';
import { SalesTitle } from './SalesTitle';
import { SALES_SECTIONS, scrollToSalesSection, Section } from './sections';

/**
 * /sales/{id}: the live organization to edit, or with ?as_of= the organization as it stood then,
 * read-only. One that cannot be loaded sends the user to the list with 'Deleted.'.
 */
export function SalesDetailPage() {
  const { id = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const asOf = params.get('as_of');
  const navigate = useNavigate();
  const message = useMessage();
  useLiveRecord(salesStream(id));
  const organization = useOrganization(id);

  const gone = isApiError(organization.error) && (organization.error.status === 404 || organization.error.status === 400);
  useEffect(() => {
    if (!gone) return;
    message('Deleted.');
    navigate('/sales/', { replace: true });
  }, [gone, message, navigate]);

  if (asOf) return <SalesAsOfView id={id} asOf={asOf} onNow={() => setParams({})} />;
  if (organization.isPending || gone) return <WaitMessage boxed />;
  if (organization.isError)
    return (
      <Alert color="red" title="The organization could not be loaded">
        {errorText(organization.error)}
      </Alert>
    );
  return <SalesEditor key={id} organization={organization.data} onAsOf={(iso) => setParams({ as_of: iso })} />;
}

function SalesAsOfView({ id, asOf, onNow }: { id: string; asOf: string; onNow: () => void }) {
  return (
    <RecordAsOfView<SalesDetail> record={salesRecord(id)} noun="organization" asOf={asOf} onNow={onNow}>
      {(past) => (
        <Stack gap="xs">
          <SectionBar title={<SalesTitle organization={past} />} sections={SALES_SECTIONS} onJump={scrollToSalesSection} label="Organization sections" />
          <Section id="organization">
            <SalesForm values={salesFormLogic.valuesOf(past)} readOnly />
          </Section>
          <SalesLines organization={past} readOnly />
          <Section id="activities">
            <ActivitiesSection organizationId={past.id} activities={past.sales_activities ?? []} readOnly />
          </Section>
        </Stack>
      )}
    </RecordAsOfView>
  );
}
