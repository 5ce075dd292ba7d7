import type { CSSProperties, ReactNode } from 'react';
import { Box } from '@mantine/core';
import { useMe } from '../features/auth';
import { useBackgroundPicture } from '../features/settings';

/** The page background: the account's picture when it has one, else a plain light grey. */
export function backgroundStyle(url: string | null | undefined): CSSProperties {
  return {
    backgroundColor: 'var(--mantine-color-gray-1)',
    backgroundImage: url ? `url("${url.replace(/"/g, '%22')}")` : undefined,
    backgroundSize: 'cover',
    backgroundPosition: 'center',
    backgroundAttachment: 'fixed',
  };
}

/** The account's background picture behind a page outside the shell (sign-in, sign-up). */
export function Background({ children }: { children: ReactNode }) {
  const { data: user } = useMe();
  const { data: url } = useBackgroundPicture(Boolean(user));
  return (
    <Box data-background={url ? 'picture' : 'none'} mih="100vh" style={backgroundStyle(url)}>
      {children}
    </Box>
  );
}
