import { SALES_MESSAGES } from '@trenchline/domain';
import { RecordEditorLayout, type RecordFormProps } from '../../../components/record/RecordEditorLayout';
import { salesDetail } from './declaration';
import { useRecordEditor } from '../../../components/record/useRecordEditor';
import { savedAndDeleted } from '../../../components/record/savedAndDeleted';
import { errorText } from '../../../lib/http';
import { salesRecord, useDeleteOrganization, useSaveOrganization } from '../api/calls';
import type { SalesDetail, SalesValues } from '../api/types';
import { salesFieldLabel, salesFormLogic, toPayload } from '../formLogic';
import { ActivitiesSection } from './ActivitiesSection';
import { SalesForm } from './SalesForm';
import { SalesLines } from './SalesLines';
import { Section } from './sections';

/** Spec 3 section 8: a failed save says the spec's words; the notice adds what the server answered. */
const failed = (e: unknown) => ({ notice: `${SALES_MESSAGES.saveFailed} (${errorText(e)})`, message: SALES_MESSAGES.saveFailed });

/** The live organization: its fields, lines and activities, and its actions (save, delete, history, as of). */
export function SalesEditor({ organization, onAsOf }: { organization: SalesDetail; onAsOf: (iso: string) => void }) {
  const editor = useRecordEditor({
    record: organization,
    noun: 'organization',
    logic: salesFormLogic,
    saveMutation: useSaveOrganization(),
    toPayload,
    failed,
    fieldLabel: salesFieldLabel,
    removeMutation: useDeleteOrganization(),
    ...savedAndDeleted('/sales/'),
  });
  const { form } = editor;
  const state = form.state;
  if (!state) return null;

  return (
    <RecordEditorLayout of={salesDetail} record={organization} editor={editor} noun="organization" history={salesRecord(organization.id)} fieldLabel={salesFieldLabel} onAsOf={onAsOf}>
      <SalesPageBody organization={organization} form={editor.formProps!} />
    </RecordEditorLayout>
  );
}

/** The organization's fields, lines and activities: live with the editor's form, or read-only as it stood. */
export function SalesPageBody({ organization, form }: { organization: SalesDetail; form: RecordFormProps<SalesValues> }) {
  return (
    <>
      <Section id="organization">
        <SalesForm {...form} />
      </Section>
      <SalesLines organization={organization} readOnly={form.readOnly} />
      <Section id="activities">
        <ActivitiesSection organizationId={organization.id} activities={organization.sales_activities ?? []} readOnly={form.readOnly} />
      </Section>
    </>
  );
}
