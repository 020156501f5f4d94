'use client';

import { useCallback } from 'react';
import { useOptimisticField } from '@/components/chat/hooks/use-optimistic-field';
import { useSessionActions } from '@/components/sessions/sessions-provider';
import type { SessionSummary } from '@/lib/api-types';
import { updateSession } from '@/lib/client/api';
import type { PermissionMode } from '@/lib/permissions/policy';

/** The session's model and permission mode: switched at once, saved on the server, rolled back with a toast if that fails. */
export function useSessionFields(session: SessionSummary) {
  const { upsert } = useSessionActions();
  const sessionId = session.id;
  const saveModel = useCallback(async (modelKey: string) => upsert(await updateSession(sessionId, { modelKey })), [sessionId, upsert]);
  const saveMode = useCallback(async (permissionMode: PermissionMode) => upsert(await updateSession(sessionId, { permissionMode })), [sessionId, upsert]);
  const [modelKey, changeModel] = useOptimisticField(session.modelKey, saveModel, 'Could not switch the model');
  const [permissionMode, changePermissionMode] = useOptimisticField(session.permissionMode, saveMode, 'Could not switch the permission mode');
  return { modelKey, changeModel, permissionMode, changePermissionMode };
}
