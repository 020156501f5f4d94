'use client';

import { createContext, useContext } from 'react';
import type { AccountView } from '@/lib/api/accounts';

/** Who is signed in, from the app layout (null without accounts: the single local user). */
const ViewerContext = createContext<AccountView['user']>(null);

export function ViewerProvider({ viewer, children }: { viewer: AccountView['user']; children: React.ReactNode }) {
  return <ViewerContext.Provider value={viewer}>{children}</ViewerContext.Provider>;
}

export function useViewer(): AccountView['user'] {
  return useContext(ViewerContext);
}
