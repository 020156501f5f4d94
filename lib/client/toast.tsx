'use client';

import * as React from 'react';
import type { ExternalToast, ToasterProps } from 'sonner';

/**
 * The app's toasts: sonner, loaded after the page, so its ~34 KiB (raw) stay out of every page's first load. Import
 * `toast` from here, never from 'sonner' (tests/unit/architecture/toast-imports.test.ts). A toast called before sonner
 * is loaded and its Toaster subscribed is shown once they are (sonner itself drops toasts sent before its Toaster
 * subscribes). Only what the app uses is here: `toast.error`, `toast.success`, `toast.warning` (their ids are never
 * read) and `Toaster`.
 */

type Sonner = typeof import('sonner');
type Message = Parameters<Sonner['toast']['error']>[0];

let sonner: Promise<Sonner> | undefined;
const loadSonner = () => (sonner ??= import('sonner'));

let toasterSubscribed: () => void = () => undefined;
const subscribed = new Promise<void>((resolve) => {
  toasterSubscribed = resolve;
});

function later(kind: 'error' | 'success' | 'warning') {
  return (message: Message, data?: ExternalToast): void => {
    void Promise.all([loadSonner(), subscribed]).then(([loaded]) => loaded.toast[kind](message, data));
  };
}

export const toast = { error: later('error'), success: later('success'), warning: later('warning') };

export function Toaster(props: ToasterProps) {
  const [Loaded, setLoaded] = React.useState<Sonner['Toaster'] | null>(null);
  React.useEffect(() => {
    let live = true;
    void loadSonner().then((loaded) => {
      if (live) setLoaded(() => loaded.Toaster);
    });
    return () => {
      live = false;
    };
  }, []);
  // After sonner's own effect (a child's effects run first): its Toaster listens, so waiting toasts can go.
  React.useEffect(() => {
    if (Loaded) toasterSubscribed();
  }, [Loaded]);
  return Loaded ? <Loaded {...props} /> : null;
}
