import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { createQueryClient } from '@/lib/react-query';
import { ToastersHost } from '@/components/ui/toasters-host';
import { loadToastsOnFirstInteraction } from '@/lib/toasts';

interface AppProviderProps {
  children: ReactNode;
  /** Tests pass their own client; the app makes one per page load. */
  queryClient?: QueryClient;
}

/** Query client and the two toasters of docs/product.md#constants around the app. */
export function AppProvider({ children, queryClient }: AppProviderProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  // The toasters are not needed to paint a page (docs/architecture.md#client-bundle): they load with the first toast,
  // or when the person first presses, clicks or types, so a toast answering what they do shows at once.
  useEffect(() => loadToastsOnFirstInteraction(), []);
  return (
    <QueryClientProvider client={client}>
      {children}
      <ToastersHost />
    </QueryClientProvider>
  );
}
