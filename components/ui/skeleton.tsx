import { cn } from '@/lib/utils';

/** A grey placeholder block where content is loading (hidden from screen readers; the region says it is busy). */
function Skeleton({ className, ...props }: React.ComponentProps<'div'>) {
  return <div data-slot="skeleton" aria-hidden className={cn('animate-pulse rounded-md bg-muted', className)} {...props} />;
}

/** Rows of placeholder lines for a list that is loading, announced as `label` to screen readers. */
function ListSkeleton({ label, rows = 3, className }: { label: string; rows?: number; className?: string }) {
  return (
    <div role="status" aria-label={label} className={cn('flex flex-col gap-2 py-1', className)} data-testid="list-skeleton">
      {Array.from({ length: rows }, (_, index) => (
        <Skeleton key={index} className={cn('h-4', index % 3 === 0 ? 'w-3/4' : index % 3 === 1 ? 'w-1/2' : 'w-2/3')} />
      ))}
    </div>
  );
}

export { ListSkeleton };
