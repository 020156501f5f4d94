'use client';

import { EyeIcon, FilePenIcon, ShieldAlertIcon, ShieldQuestionIcon, type LucideIcon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { PERMISSION_MODES, type PermissionMode } from '@/lib/permissions/policy';
import { cn } from '@/lib/utils';

export const MODE_INFO: Record<PermissionMode, { label: string; description: string; Icon: LucideIcon }> = {
  plan: { label: 'Plan', description: 'Read-only: the agent can look, not change anything.', Icon: EyeIcon },
  ask: { label: 'Ask', description: 'Reads run; everything else asks you first.', Icon: ShieldQuestionIcon },
  'accept-edits': { label: 'Accept edits', description: 'Reads and workspace edits run; network and external tools ask.', Icon: FilePenIcon },
  auto: { label: 'Auto', description: 'Everything runs without asking.', Icon: ShieldAlertIcon },
};

/**
 * The session's permission mode, in the composer. The server enforces it at
 * every tool call, so a switch applies from the next call, even mid-run.
 */
export function PermissionModeToggle({ mode, onChange, disabled }: { mode: PermissionMode; onChange: (mode: PermissionMode) => void; disabled?: boolean }) {
  const current = MODE_INFO[mode];
  return (
    <div className="flex min-w-0 items-center gap-1.5">
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button
            type="button"
            variant="ghost"
            size="xs"
            className={cn('gap-1.5 text-muted-foreground', mode === 'auto' && 'text-warning-text')}
            aria-label={`Permission mode: ${current.label}`}
            title={`Permission mode: ${current.description}`}
            data-testid="permission-mode"
            data-mode={mode}
            disabled={disabled}
          >
            <current.Icon aria-hidden />
            {current.label}
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="start" className="w-72">
          {PERMISSION_MODES.map((option) => {
            const info = MODE_INFO[option];
            return (
              <DropdownMenuItem
                key={option}
                onSelect={() => option !== mode && onChange(option)}
                data-testid={`mode-option-${option}`}
                aria-checked={option === mode}
                role="menuitemradio"
                className={cn('items-start', option === mode && 'bg-accent/60')}
              >
                <info.Icon className={cn('mt-0.5', option === 'auto' && 'text-warning-text')} aria-hidden />
                <span className="flex min-w-0 flex-col">
                  <span className="font-medium">{info.label}</span>
                  <span className="text-xs text-muted-foreground">{info.description}</span>
                </span>
              </DropdownMenuItem>
            );
          })}
        </DropdownMenuContent>
      </DropdownMenu>
      {mode === 'auto' && (
        <Badge tone="warning" data-testid="auto-mode-badge" title="Auto mode: tools run without asking you">
          <ShieldAlertIcon aria-hidden />
          Tools run without asking
        </Badge>
      )}
    </div>
  );
}
