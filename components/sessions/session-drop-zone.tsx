'use client';

import { useRef, useState } from 'react';
import { FileUpIcon } from 'lucide-react';
import { cn } from '@/lib/utils';

/** Only drags that carry files (not text or links) may be dropped here. */
function carriesFiles(event: React.DragEvent) {
  return Array.from(event.dataTransfer?.types ?? []).includes('Files');
}

/**
 * Wraps the session list: dropping a file onto it hands the file to `onFile`
 * (the session import). While a file is dragged over, a dashed outline says so.
 */
export function SessionDropZone({ onFile, className, children }: { onFile: (file: File) => void; className?: string; children: React.ReactNode }) {
  const [dragging, setDragging] = useState(false);
  // dragenter/dragleave fire for every child crossed: count them to know when the drag has left the zone.
  const depth = useRef(0);

  function onDragEnter(event: React.DragEvent) {
    if (!carriesFiles(event)) return;
    event.preventDefault();
    depth.current += 1;
    setDragging(true);
  }

  function onDragOver(event: React.DragEvent) {
    if (!carriesFiles(event)) return;
    // Without this the browser refuses the drop (or opens the file).
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
  }

  function onDragLeave(event: React.DragEvent) {
    if (!carriesFiles(event)) return;
    depth.current = Math.max(0, depth.current - 1);
    if (depth.current === 0) setDragging(false);
  }

  function onDrop(event: React.DragEvent) {
    if (!carriesFiles(event)) return;
    event.preventDefault();
    depth.current = 0;
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file) onFile(file);
  }

  return (
    <div
      data-testid="session-drop-zone"
      data-dragging={dragging || undefined}
      className={cn('relative', className)}
      onDragEnter={onDragEnter}
      onDragOver={onDragOver}
      onDragLeave={onDragLeave}
      onDrop={onDrop}
    >
      {children}
      {dragging && (
        <div
          aria-hidden
          className="pointer-events-none absolute inset-1 flex flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed border-primary/60 bg-sidebar/90 px-4 text-center text-xs font-medium text-foreground/80"
        >
          <FileUpIcon className="size-5 text-primary" />
          Drop a session export to import it
        </div>
      )}
    </div>
  );
}
