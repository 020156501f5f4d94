import { Skeleton } from '@/components/ui/skeleton';

/**
 * What a session page looks like while it loads: the header, a few messages and the composer, in their places, so
 * moving between sessions shows the page at once and nothing jumps when it arrives.
 */
export function SessionSkeleton() {
  return (
    <div className="flex min-h-0 flex-1 flex-col" role="status" aria-busy="true" aria-label="Loading the session" data-testid="session-skeleton">
      <div className="flex h-13 shrink-0 items-center gap-2 border-b px-3">
        <Skeleton className="size-8 md:hidden" />
        <Skeleton className="h-5 w-40 max-w-[40%]" />
        <div className="ml-auto flex items-center gap-2">
          <Skeleton className="hidden h-7 w-28 sm:block" />
          <Skeleton className="h-8 w-24 sm:w-36" />
          <Skeleton className="size-8" />
          <Skeleton className="size-8" />
        </div>
      </div>
      <div className="min-h-0 flex-1 overflow-hidden">
        <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-6">
          <Skeleton className="ml-auto h-10 w-2/3 rounded-2xl" />
          <div className="flex flex-col gap-2">
            <Skeleton className="h-10 w-full rounded-xl" />
            <Skeleton className="h-4 w-11/12" />
            <Skeleton className="h-4 w-4/5" />
            <Skeleton className="h-4 w-3/5" />
          </div>
          <Skeleton className="ml-auto h-10 w-1/2 rounded-2xl" />
          <div className="flex flex-col gap-2">
            <Skeleton className="h-4 w-10/12" />
            <Skeleton className="h-4 w-2/3" />
          </div>
        </div>
      </div>
      <div className="mx-auto w-full max-w-3xl px-4 pb-6">
        <Skeleton className="h-24 w-full rounded-2xl" />
      </div>
    </div>
  );
}
