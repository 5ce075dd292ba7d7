/**
 * The locate's lines (spec 3 section 2): the history of locate numbers (each re-up adds one; a line
 * may be corrected or removed), customer data rows, the assigned crews and the notes.
 */
import type { ReactNode } from 'react';
import { Grid } from '@mantine/core';
import { detailKeyOf, locateCustomerData, locateNotes, locateNumbers } from '@trenchline/domain';
import { EditableTable } from '../../../../components/lines/EditableTable';
import { LinePanelSection } from '../../../../components/lines/LinePanelSection';
import { locateKey, type LocateDetail } from '../../api/locateTypes';
import { LocateCrewsSection } from './LocateCrewsSection';
import { Section } from './sections';

interface Props {
  locate: LocateDetail;
  readOnly?: boolean;
  /** The Re-up button, above the history it adds to. */
  reUp?: ReactNode;
}

export function LocateSections({ locate, readOnly, reUp }: Props) {
  const recordKey = locateKey(locate.id);
  return (
    <>
      <Section id="locate_numbers">
        <LinePanelSection
          key={`numbers-${locate.id}`}
          def={locateNumbers}
          title="Locate numbers"
          rows={locate.locate_numbers ?? []}
          parentId={locate.id}
          recordKey={recordKey}
          detailKey={detailKeyOf(locateNumbers)}
          savedMessage="Saved successfully!"
          confirmText="Sure you want to delete this?"
          readOnly={readOnly}
          // A new history record is a re-up (the current fields follow it), never a blank line.
          canAdd={false}
          header={reUp}
        />
      </Section>
      <Section id="customer_data">
        <EditableTable key={`customer-${locate.id}`} def={locateCustomerData} title="Customer data" rows={locate.customer_data ?? []} parentId={locate.id} recordKey={recordKey} readOnly={readOnly} />
      </Section>
      {/* Crews are a short list of names; notes need the width for their text, author and date. */}
      <Grid columnGap="xs" rowGap="xs">
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Section id="crews">
            <LocateCrewsSection locateId={locate.id} recordKey={recordKey} rows={locate.crews ?? []} readOnly={readOnly} />
          </Section>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Section id="notes">
            <EditableTable key={`notes-${locate.id}`} def={locateNotes} title="Notes" rows={locate.notes ?? []} parentId={locate.id} recordKey={recordKey} readOnly={readOnly} />
          </Section>
        </Grid.Col>
      </Grid>
    </>
  );
}
