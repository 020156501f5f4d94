'use client';

import { useEffect, useState } from 'react';
import { toast } from '@/lib/client/toast';
import { StepForwardIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { WithTooltip } from '@/components/ui/tooltip';
import { fetchSession, updateSession } from '@/lib/client/api';
import { readError } from '@/lib/client/api-error';

/**
 * Step mode in the session header: the session's `pauseBeforeModelCall` setting (also in the
 * settings sheet), so the mode is one click away. On, each run stops before every model call
 * with the request, to look at or edit (the paused-request card); it applies from the next call.
 * The settings are read fresh before the switch is saved, since a PATCH replaces them whole.
 */
export function StepModeToggle({ sessionId }: { sessionId: string }) {
  const [on, setOn] = useState<boolean | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let cancelled = false;
    fetchSession(sessionId, { limit: 1 }).then(
      (detail) => !cancelled && setOn(detail.settings.pauseBeforeModelCall === true),
      () => !cancelled && setOn(false),
    );
    return () => {
      cancelled = true;
    };
  }, [sessionId]);

  async function toggle() {
    const next = !on;
    setSaving(true);
    setOn(next);
    try {
      const { settings } = await fetchSession(sessionId, { limit: 1 });
      await updateSession(sessionId, { settings: { ...settings, pauseBeforeModelCall: next } });
    } catch (failure) {
      setOn(!next);
      toast.error('Could not switch step mode', { description: readError(failure).message });
    } finally {
      setSaving(false);
    }
  }

  const label = on ? 'Step mode is on: each run pauses before every model call. Click to turn it off.' : 'Step mode: pause before each model call to look at and edit the request';
  return (
    <WithTooltip label={label} side="bottom">
      <Button
        variant={on ? 'secondary' : 'ghost'}
        size="sm"
        className="h-8 gap-1 px-2"
        aria-label="Step mode"
        aria-pressed={on === true}
        disabled={on === null || saving}
        data-testid="step-mode-toggle"
        onClick={() => void toggle()}
      >
        <StepForwardIcon aria-hidden />
        <span className="hidden text-xs lg:inline">Step</span>
      </Button>
    </WithTooltip>
  );
}
