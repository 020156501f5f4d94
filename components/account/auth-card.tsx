import { BotIcon } from 'lucide-react';

/** The frame of the sign-in, sign-up and reset pages. */
export function AuthCard({ title, description, children }: { title: string; description?: React.ReactNode; children: React.ReactNode }) {
  return (
    <div className="w-full max-w-sm rounded-xl border bg-background p-6 shadow-sm" data-testid="auth-card">
      <div className="mb-5 flex items-center gap-2">
        <span className="flex size-7 items-center justify-center rounded-md bg-primary text-primary-foreground">
          <BotIcon className="size-4" />
        </span>
        <span className="text-sm font-semibold tracking-tight">Agent Playground</span>
      </div>
      <h1 className="text-lg font-semibold tracking-tight">{title}</h1>
      {description && <p className="mt-1 text-sm text-muted-foreground">{description}</p>}
      <div className="mt-5">{children}</div>
    </div>
  );
}
