import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button } from '@mantine/core';
import { errorText } from '../../../lib/http';
import { useMessage } from '../../../lib/messages';
import { NewRecordButton } from '../../../components/record/NewRecordButton';
import type { NewRecordForm } from '../../../components/record/NewRecordDialog';
import { useCreateBid } from '../api/createBid';
import { findBySupplierCode } from '../api/findBySupplierCode';
import { findByWorkRequest } from '../api/findByWorkRequest';
import { AwardModal } from './AwardModal';
import { PromptModal } from './PromptModal';

/** What New bid asks: the customer's work request it answers, where, and when it is due. */
export const NEW_BID: NewRecordForm = {
  label: 'New bid',
  fields: [
    { name: 'work_request', label: 'Work request', kind: 'text', required: true },
    { name: 'location', label: 'Location', kind: 'text' },
    { name: 'bid_due_date', label: 'Bid due date', kind: 'date' },
    { name: 'description', label: 'Description', kind: 'longtext' },
  ],
};

/** New bid: its dialog, then create it and open it. */
export function NewBidButton() {
  return <NewRecordButton area="/bid/" form={NEW_BID} create={useCreateBid()} pathOf={(bid) => `/bid/${bid.id}`} />;
}

const finders = {
  supplier_code: { title: 'Find by supplier code', label: 'Supplier code', find: findBySupplierCode },
  work_request: { title: 'Find by work request', label: 'Work request', find: findByWorkRequest },
} as const;

/** Find a bid by supplier code or work request and open it; not found is said, and the box stays. */
export function FindBidButton({ by }: { by: keyof typeof finders }) {
  const [opened, setOpened] = useState(false);
  const navigate = useNavigate();
  const message = useMessage();
  const f = finders[by];
  const submit = async (value: string) => {
    try {
      const bid = await f.find(value);
      setOpened(false);
      navigate(`/bid/${bid.id}`);
    } catch (e) {
      const text = `Problem.  ${errorText(e)}`;
      message(text, 'error');
      throw new Error(text, { cause: e });
    }
  };
  return (
    <>
      <Button size="xs" variant="default" onClick={() => setOpened(true)}>
        {f.title}
      </Button>
      <PromptModal opened={opened} title={f.title} label={f.label} submitLabel="Find" onClose={() => setOpened(false)} onSubmit={submit} />
    </>
  );
}

export function AwardBidButton() {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button size="xs" variant="default" onClick={() => setOpened(true)}>
        Award bid
      </Button>
      <AwardModal opened={opened} onClose={() => setOpened(false)} />
    </>
  );
}
