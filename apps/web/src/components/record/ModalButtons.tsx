import type { ReactNode } from 'react';
import { Alert, Button, Group, type MantineSpacing } from '@mantine/core';

/**
 * The foot of a record modal or drawer, alike on every one: what failed (if anything), then its
 * close button ('Cancel', 'Close') and its own action (`children`), right-aligned.
 */
export function ModalButtons({ error, closeText = 'Cancel', onClose, mt, children }: { error?: string | null; closeText?: string; onClose: () => void; mt?: MantineSpacing; children: ReactNode }) {
  return (
    <>
      {error && (
        <Alert color="red" variant="light" p="xs" mt="xs" role="alert">
          {error}
        </Alert>
      )}
      <Group justify="flex-end" gap="xs" mt={mt}>
        <Button size="xs" variant="default" onClick={onClose}>
          {closeText}
        </Button>
        {children}
      </Group>
    </>
  );
}
