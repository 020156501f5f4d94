'use client';

import { useSyncExternalStore } from 'react';
import { KeyboardIcon } from 'lucide-react';
import { PanelSheetHeader } from '@/components/shell/panel-sheet-header';
import { isMacPlatform, keyLabel, SHORTCUTS, type Shortcut } from '@/components/shell/shortcuts';
import { Sheet, SheetContent } from '@/components/ui/sheet';
import { noSubscription } from '@/lib/client/use-hydrated';

const GROUPS: Shortcut['group'][] = ['General', 'Session', 'Composer'];

/** The shortcuts, grouped, with the key caps this platform uses; opened by `?` anywhere outside a text field. */
export function ShortcutsSheet({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const mac = useSyncExternalStore(noSubscription, isMacPlatform, () => false);
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent side="right" className="w-[min(100vw,26rem)]" data-testid="shortcuts-sheet" aria-describedby="shortcuts-description">
        <PanelSheetHeader icon={KeyboardIcon} title="Keyboard shortcuts" descriptionId="shortcuts-description">
          Press <kbd className="rounded border bg-muted px-1 font-mono text-[11px]">?</kbd> outside a text field to open this list. Tab moves
          between controls; Esc closes a panel or menu.
        </PanelSheetHeader>
        <div className="min-h-0 flex-1 overflow-y-auto px-4 py-3">
          {GROUPS.map((group) => (
            <section key={group} className="mb-4" aria-labelledby={`shortcuts-${group}`}>
              <h3 id={`shortcuts-${group}`} className="mb-1.5 text-[11px] font-medium tracking-wide text-muted-foreground uppercase">
                {group}
              </h3>
              <dl className="flex flex-col divide-y rounded-lg border">
                {SHORTCUTS.filter((shortcut) => shortcut.group === group).map((shortcut) => (
                  <div key={shortcut.id} className="flex items-center justify-between gap-3 px-3 py-2 text-sm" data-testid={`shortcut-${shortcut.id}`}>
                    <dt>{shortcut.label}</dt>
                    <dd className="flex shrink-0 items-center gap-1">
                      {shortcut.keys.map((key) => (
                        <kbd key={key} className="min-w-6 rounded-md border bg-muted px-1.5 py-0.5 text-center font-mono text-xs shadow-xs">
                          {keyLabel(key, mac)}
                        </kbd>
                      ))}
                    </dd>
                  </div>
                ))}
              </dl>
            </section>
          ))}
        </div>
      </SheetContent>
    </Sheet>
  );
}
