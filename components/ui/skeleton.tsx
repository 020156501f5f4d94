import { cn } from '@/lib/utils';

/** A grey placeholder block where content is loading (hidden from screen readers; the region says it is busy). */
function Skeleton({ className, ...props }: React.ComponentProps<'div'>) {
  return <div data-slot="skeleton" aria-hidden className={cn('animate-pulse rounded-md bg-muted', className)} {...props} />;
}

export { Skeleton };
