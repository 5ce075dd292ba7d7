import { useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { Anchor, Button } from '@mantine/core';
import { RecordEditorLayout, type RecordFormProps } from '../../../../components/record/RecordEditorLayout';
import { rfqDetail } from './declaration';
import { useRecordEditor } from '../../../../components/record/useRecordEditor';
import { savedAndDeleted } from '../../../../components/record/savedAndDeleted';
import { errorText } from '../../../../lib/http';
import { useMessage } from '../../../../lib/messages';
import { rfqRecord, useDeleteRfq, useMakeJob, useSaveRfq } from '../../api/calls';
import type { RfqDetail } from '../../api/types';
import { canMakeJob } from '../../listLogic';
import { rfqFieldLabel } from './fields';
import { linkWaitMs, rfqFormLogic, toPayload, type RfqFormValues } from './formLogic';
import { RfqForm } from './RfqForm';
import { RfqLines } from './RfqLines';
import { Section } from './sections';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The live RFQ: its header, totals, segments with estimates, notes, PDF bundle and actions (make job, save, history, as of, delete). */
export function RfqEditor({ rfq, onAsOf }: { rfq: RfqDetail; onAsOf: (iso: string) => void }) {
  const message = useMessage();
  const navigate = useNavigate();
  const savedAt = useRef(0);
  const editor = useRecordEditor({
    record: rfq,
    noun: 'RFQ',
    logic: rfqFormLogic,
    saveMutation: useSaveRfq(),
    toPayload,
    afterSave: () => {
      savedAt.current = Date.now();
    },
    fieldLabel: rfqFieldLabel,
    removeMutation: useDeleteRfq(),
    ...savedAndDeleted('/rfq/'),
  });
  const make = useMakeJob();
  const { form } = editor;
  const state = form.state;
  if (!state) return null;

  // A link opened after a save waits for the read side (the job made, the list) to catch up.
  const open = async (path: string) => {
    let saved = Date.now() - savedAt.current < linkWaitMs(true);
    if (form.dirty) {
      if (!(await editor.save())) return;
      saved = true;
    }
    await sleep(linkWaitMs(saved));
    navigate(path);
  };

  const makeJob = () =>
    make.mutate(rfq.id, {
      onSuccess: () => message('Job made from this RFQ.', 'success'),
      onError: (e) => message(`Problem.  ${errorText(e)}`, 'error'),
    });

  const jobLink = rfq.job_ref ? `/job/${encodeURIComponent(make.data?.account_job_number || rfq.job_ref)}` : null;

  return (
    <RecordEditorLayout
      of={rfqDetail}
      record={rfq}
      editor={editor}
      noun="RFQ"
      history={rfqRecord(rfq.id)}
      fieldLabel={rfqFieldLabel}
      onAsOf={onAsOf}
      actions={
        <>
          {canMakeJob(rfq) && !make.data && (
            <Button size="xs" color="green" onClick={makeJob} loading={make.isPending} data-testid="make-job">
              Make job
            </Button>
          )}
          {jobLink && (
            <Anchor
              size="sm"
              href={jobLink}
              data-testid="rfq-job-link"
              onClick={(e) => {
                e.preventDefault();
                void open(jobLink);
              }}
            >
              Open its job
            </Anchor>
          )}
        </>
      }
    >
      <RfqPageBody rfq={rfq} form={editor.formProps!} />
    </RecordEditorLayout>
  );
}

/** The RFQ's header fields and its lines: live with the editor's form, or read-only as it stood. */
export function RfqPageBody({ rfq, form }: { rfq: RfqDetail; form: RecordFormProps<RfqFormValues> }) {
  return (
    <>
      <Section id="details">
        <RfqForm {...form} />
      </Section>
      <RfqLines rfq={rfq} readOnly={form.readOnly} />
    </>
  );
}
