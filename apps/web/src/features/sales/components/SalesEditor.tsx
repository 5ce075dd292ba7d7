import { Stack } from '@mantine/core';
import { SALES_MESSAGES } from '@trenchline/domain';
import { RecordEditorNotices } from '../../../components/record/EditorNotices';
import { RecordEditorActions } from '../../../components/record/RecordEditorActions';
import { RecordSectionBar } from '../../../components/record/RecordDetailPage';
import { salesDetail } from './declaration';
import { useRecordEditor } from '../../../components/record/useRecordEditor';
import { errorText } from '../../../lib/http';
import { salesRecord, useDeleteOrganization, useSaveOrganization } from '../api/calls';
import type { SalesDetail } from '../api/types';
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
    savedMessage: () => 'Saved successfully!',
    failed,
    fieldLabel: salesFieldLabel,
    removeMutation: useDeleteOrganization(),
    removedMessage: 'Deleted.',
    afterRemove: '/sales/',
  });
  const { form } = editor;
  const state = form.state;
  if (!state) return null;

  return (
    <Stack gap="xs">
      <RecordSectionBar of={salesDetail} record={organization}>
        <RecordEditorActions editor={editor} noun="organization" record={salesRecord(organization.id)} fieldLabel={salesFieldLabel} onAsOf={onAsOf} />
      </RecordSectionBar>
      <RecordEditorNotices editor={editor} noun="organization" record={organization} fieldLabel={salesFieldLabel} />
      <Section id="organization">
        <SalesForm values={state.draft} onChange={form.setField} errors={editor.fieldErrors} dirty={form.dirtyFields} onEnter={() => void editor.save()} />
      </Section>
      <SalesLines organization={organization} />
      <Section id="activities">
        <ActivitiesSection organizationId={organization.id} activities={organization.sales_activities ?? []} />
      </Section>
    </Stack>
  );
}
