import { useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { MessagesProvider } from '../lib/messages';
import { makeQueryClient } from '../lib/queryClient';
import { OfflineCache } from '../lib/offline/OfflineCache';
import { SlotsProvider } from '../components/slots/slots';
import { createRouter } from './router';
import { slots } from './slots';
import { readableColors, theme } from './theme';

export function App() {
  const [queryClient] = useState(makeQueryClient);
  const [router] = useState(createRouter);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={readableColors}>
      <QueryClientProvider client={queryClient}>
        <MessagesProvider>
          <SlotsProvider value={slots}>
            <OfflineCache>
              <RouterProvider router={router} />
            </OfflineCache>
          </SlotsProvider>
        </MessagesProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
