import { Alert, Badge, Group, SimpleGrid, Switch, Text } from '@mantine/core';
import { WaitMessage } from '../../../components/WaitMessage';
import { errorText } from '../../../lib/http';
import { useMessage } from '../../../lib/messages';
import { useHow2Tips } from '../api/how2Tips';
import { useShowHow2Tip } from '../api/showHow2Tip';
import type { How2Tip } from '../api/types';

const PAGE_NAMES: Record<string, string> = { dashboard: 'Job list', detail: 'Job page', settings: 'Settings' };

function useToggleTip() {
  const message = useMessage();
  const show = useShowHow2Tip();
  return (tip: How2Tip, shown: boolean) =>
    show.mutate(
      { id: tip.id, shown },
      {
        onSuccess: () => message(shown ? `Tip '${tip.title}' is shown again.` : `Tip '${tip.title}' hidden.`, 'success'),
        onError: (e) => message(errorText(e), 'error'),
      },
    );
}

/** Every how-to tip with a switch: hide the ones you know (for you only), show them again later. */
export function How2TipsSection() {
  const tips = useHow2Tips();
  const toggle = useToggleTip();
  if (tips.isPending) return <WaitMessage />;
  if (tips.isError)
    return (
      <Alert color="red" variant="light" p="xs">
        {errorText(tips.error)}
      </Alert>
    );
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" verticalSpacing={6}>
      {tips.data.map((t) => (
        <div key={t.id} data-tip={t.id}>
          <Switch
            size="xs"
            checked={!t.opted_out}
            onChange={(e) => toggle(t, e.currentTarget.checked)}
            aria-label={`Show tip ${t.title}`}
            label={
              <Group gap={6} component="span">
                <Text span size="xs" fw={600} c={t.opted_out ? 'dimmed' : undefined}>
                  {t.title}
                </Text>
                <Badge size="xs" variant="light" color="gray">
                  {PAGE_NAMES[t.page] ?? t.page}
                </Badge>
              </Group>
            }
            description={
              <Text span size="xs" c="dimmed" lineClamp={2} title={t.body}>
                {t.body}
              </Text>
            }
          />
        </div>
      ))}
    </SimpleGrid>
  );
}

/** A settings-page tip above its section until the user hides it. */
export function SettingsTip({ id }: { id: number }) {
  const tips = useHow2Tips();
  const toggle = useToggleTip();
  const tip = tips.data?.find((t) => t.id === id);
  if (!tip || tip.opted_out) return null;
  return (
    <Alert variant="light" color="blue" p={6} mb={6} withCloseButton closeButtonLabel={`Hide tip ${tip.title}`} onClose={() => toggle(tip, false)}>
      <Text size="xs">
        <b>{tip.title}.</b> {tip.body}
      </Text>
    </Alert>
  );
}
