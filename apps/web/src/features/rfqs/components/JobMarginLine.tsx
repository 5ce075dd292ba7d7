import { Link } from 'react-router-dom';
import { Anchor, Group, Text } from '@mantine/core';
import { jobMarginText, type JobMargins } from '../listLogic';

/**
 * On a job made from an RFQ: 'Margin: estimated N% · actual M% (±D pts)' from the server's figures,
 * and the link back to its RFQ (/rfq/{id}: the look-up takes an id too). Nothing on other jobs.
 */
export function JobMarginLine({ job }: { job: JobMargins & { rfq_ref?: string | number | null } }) {
  const text = jobMarginText(job);
  if (!text && !job.rfq_ref) return null;
  const behind = (job.margin_difference ?? 0) < 0;
  return (
    <Group gap="sm" mt={2} data-testid="job-margin">
      {text && (
        <Text size="sm" fw={600} c={behind ? 'red.8' : undefined} data-testid="job-margin-text" style={{ fontVariantNumeric: 'tabular-nums' }}>
          {text}
        </Text>
      )}
      {job.rfq_ref && (
        <Anchor component={Link} to={`/rfq/${encodeURIComponent(String(job.rfq_ref))}`} size="sm" data-testid="job-rfq-link">
          Its RFQ
        </Anchor>
      )}
    </Group>
  );
}
