import { RecordDetailPage } from '../../../components/record/RecordDetailPage';
import { salesFormLogic } from '../formLogic';
import { ActivitiesSection } from './ActivitiesSection';
import { salesDetail } from './declaration';
import { SalesEditor } from './SalesEditor';
import { SalesForm } from './SalesForm';
import { SalesLines } from './SalesLines';
import { Section } from './sections';

/**
 * /sales/{id}: the live organization to edit, or with ?as_of= the organization as it stood then,
 * read-only (components/record/RecordDetailPage). One that cannot be loaded sends the user to the list
 * with 'Deleted.'.
 */
export function SalesDetailPage() {
  return (
    <RecordDetailPage
      of={salesDetail}
      editor={(organization, onAsOf) => <SalesEditor organization={organization} onAsOf={onAsOf} />}
      past={(past) => (
        <>
          <Section id="organization">
            <SalesForm values={salesFormLogic.valuesOf(past)} readOnly />
          </Section>
          <SalesLines organization={past} readOnly />
          <Section id="activities">
            <ActivitiesSection organizationId={past.id} activities={past.sales_activities ?? []} readOnly />
          </Section>
        </>
      )}
    />
  );
}
