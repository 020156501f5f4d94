'use client';

import { createContext, useCallback, useContext, useMemo, useState, useSyncExternalStore } from 'react';

/**
 * Sidebar visibility: on wide screens a column that can be collapsed (the
 * choice is remembered), on narrow screens a sheet that slides in.
 */

const STORAGE_KEY = 'agent-playground:sidebar-collapsed';
const CHANGE_EVENT = 'agent-playground:sidebar';

interface SidebarContextValue {
  collapsed: boolean;
  setCollapsed: (collapsed: boolean) => void;
  mobileOpen: boolean;
  setMobileOpen: (open: boolean) => void;
  /** Collapses/expands on wide screens, opens/closes the sheet on narrow ones. */
  toggle: () => void;
}

const SidebarContext = createContext<SidebarContextValue | null>(null);

function subscribe(listener: () => void) {
  window.addEventListener(CHANGE_EVENT, listener);
  window.addEventListener('storage', listener);
  return () => {
    window.removeEventListener(CHANGE_EVENT, listener);
    window.removeEventListener('storage', listener);
  };
}

function readCollapsed() {
  try {
    return localStorage.getItem(STORAGE_KEY) === '1';
  } catch {
    return false;
  }
}

export function SidebarProvider({ children }: { children: React.ReactNode }) {
  const collapsed = useSyncExternalStore(subscribe, readCollapsed, () => false);
  const [mobileOpen, setMobileOpen] = useState(false);

  const setCollapsed = useCallback((value: boolean) => {
    try {
      localStorage.setItem(STORAGE_KEY, value ? '1' : '0');
    } catch {
      // storage disabled: the choice lasts until reload
    }
    window.dispatchEvent(new Event(CHANGE_EVENT));
  }, []);

  const toggle = useCallback(() => {
    if (window.matchMedia('(min-width: 768px)').matches) setCollapsed(!readCollapsed());
    else setMobileOpen((open) => !open);
  }, [setCollapsed]);

  const value = useMemo(() => ({ collapsed, setCollapsed, mobileOpen, setMobileOpen, toggle }), [collapsed, setCollapsed, mobileOpen, toggle]);
  return <SidebarContext.Provider value={value}>{children}</SidebarContext.Provider>;
}

export function useSidebar(): SidebarContextValue {
  const value = useContext(SidebarContext);
  if (!value) throw new Error('useSidebar must be used inside <SidebarProvider>');
  return value;
}
