'use client';

import { useState } from 'react';
import { ShareForm } from '@/components/share/share-form';
import { SharesPanel } from '@/components/share/shares-panel';
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from '@/components/ui/sheet';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import type { ShareView } from '@/lib/api-types';
import { useShares } from '@/lib/client/data';

type ShareTab = 'new' | 'links';

/**
 * Share the session by link: choose what viewers see, check the scan's
 * findings and the preview, publish; and manage the links made before.
 */
export function ShareDialog({ sessionId, open, onOpenChange }: { sessionId: string; open: boolean; onOpenChange: (open: boolean) => void }) {
  const [tab, setTab] = useState<ShareTab>('new');
  const shares = useShares(sessionId, { enabled: open });
  const activeCount = shares.data?.filter((share) => share.revokedAt === null).length;

  // A new link joins the list at once (newest first).
  function onPublished(share: ShareView) {
    void shares.mutate((current) => [share, ...(current ?? []).filter((s) => s.id !== share.id)], { revalidate: false });
  }

  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent className="w-[min(100vw,48rem)]" data-testid="share-dialog">
        <SheetHeader>
          <SheetTitle>Share this session</SheetTitle>
          <SheetDescription>A read-only link. Keys, header values and credentials are always left out.</SheetDescription>
        </SheetHeader>
        <Tabs value={tab} onValueChange={(value) => setTab(value as ShareTab)} className="min-h-0 flex-1 gap-0">
          <TabsList className="mx-4 mt-3">
            <TabsTrigger value="new" data-testid="share-tab-new">
              New link
            </TabsTrigger>
            <TabsTrigger value="links" data-testid="share-tab-links">
              Links{activeCount ? ` (${activeCount})` : ''}
            </TabsTrigger>
          </TabsList>
          {/* Both stay mounted: switching tabs keeps the choices and the preview. */}
          <TabsContent value="new" forceMount className="min-h-0 flex-1 overflow-y-auto px-4 pt-3 data-[state=inactive]:hidden">
            <ShareForm sessionId={sessionId} onPublished={onPublished} />
          </TabsContent>
          <TabsContent value="links" forceMount className="min-h-0 flex-1 overflow-y-auto p-4 data-[state=inactive]:hidden">
            <SharesPanel sessionId={sessionId} enabled={open} />
          </TabsContent>
        </Tabs>
      </SheetContent>
    </Sheet>
  );
}
