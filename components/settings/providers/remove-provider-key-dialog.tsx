'use client';

import { ConfirmActionDialog } from '@/components/shell/confirm-action-dialog';
import type { ProviderKeyScope, ProviderKeyView } from '@/lib/api/provider-keys';
import { deleteProviderKey } from '@/lib/client/provider-keys';

/** Asks before deleting a stored key: it is erased from the server's database. */
export function RemoveProviderKeyDialog({
  scope,
  provider,
  open,
  onOpenChange,
  onRemoved,
}: {
  scope: ProviderKeyScope;
  provider: Pick<ProviderKeyView, 'provider' | 'label' | 'envVar'>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onRemoved: () => void;
}) {
  const fallback = scope === 'own' ? 'the server-wide key, or the environment’s,' : `${provider.envVar} from the environment, if set,`;
  return (
    <ConfirmActionDialog
      open={open}
      onOpenChange={onOpenChange}
      title={<>Remove the {provider.label} key?</>}
      description={`It is erased from the server. Runs then use ${fallback} from their next model call.`}
      confirmLabel="Remove"
      busyLabel="Removing…"
      action={() => deleteProviderKey(scope, provider.provider)}
      onDone={onRemoved}
      successMessage={`Removed the ${provider.label} key`}
      errorTitle="Could not remove the key"
      testId="provider-key-remove-dialog"
      confirmTestId="provider-key-confirm-remove"
    />
  );
}
