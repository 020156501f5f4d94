'use client';

import { AlertDialog, AlertDialogAction, AlertDialogContent, AlertDialogDescription, AlertDialogFooter, AlertDialogHeader, AlertDialogTitle } from '@/components/ui/alert-dialog';
import { OneTimeLink } from './one-time-link';

/** Shows a fresh password-reset link once, to pass on (no mail server is assumed). */
export function ResetLinkDialog({ url, email, onClose }: { url: string | null; email: string; onClose: () => void }) {
  return (
    <AlertDialog open={url !== null} onOpenChange={(open) => !open && onClose()}>
      <AlertDialogContent data-testid="reset-link-dialog">
        <AlertDialogHeader>
          <AlertDialogTitle>Password reset link</AlertDialogTitle>
          <AlertDialogDescription>Give this link to {email}. It works once, for 24 hours, and signs their other browsers out.</AlertDialogDescription>
        </AlertDialogHeader>
        {url && <OneTimeLink url={url} label="Reset link" note="It is shown only now." testId="reset-url" />}
        <AlertDialogFooter>
          <AlertDialogAction onClick={onClose}>Done</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
