import { Grid } from '@mantine/core';
import type { HelpTicketDetail } from '../../api/types';
import { FilesSection } from './FilesSection';
import { Section } from './sections';
import { UpdatesSection } from './UpdatesSection';

/** The ticket's updates (the conversation, wide) and its files beside them. */
export function HelpSections({ ticket, readOnly }: { ticket: HelpTicketDetail; readOnly?: boolean }) {
  return (
    <Grid columnGap="xs" rowGap="xs">
      <Grid.Col span={{ base: 12, lg: 7 }}>
        <Section id="updates">
          <UpdatesSection ticketId={ticket.id} updates={ticket.updates ?? []} readOnly={readOnly} />
        </Section>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 5 }}>
        <Section id="files">
          <FilesSection ticketId={ticket.id} files={ticket.files ?? []} readOnly={readOnly} />
        </Section>
      </Grid.Col>
    </Grid>
  );
}
