import { BotIcon, CloudIcon, DatabaseIcon, HardDriveIcon, ServerIcon, SparklesIcon } from 'lucide-react';
import { PageHeader } from '@/components/shell/page-header';
import { EnvSnippet } from '@/components/setup/env-snippet';
import { TryDemoButton } from '@/components/setup/try-demo-button';

const OPTIONS = [
  {
    id: 'openai',
    Icon: CloudIcon,
    title: 'OpenAI',
    text: 'An API key is enough. The Responses API is used unless you ask for Chat Completions.',
    code: [
      'OPENAI_API_KEY=sk-...',
      '# optional:',
      '# OPENAI_BASE_URL=https://api.openai.com/v1',
      '# OPENAI_API=chat            # use Chat Completions instead of Responses',
      '# OPENAI_MODELS=gpt-4.1-mini,gpt-4.1',
    ].join('\n'),
  },
  {
    id: 'anthropic',
    Icon: SparklesIcon,
    title: 'Anthropic',
    text: 'Claude through the Messages API: extended thinking shows as reasoning, and prompt caching is on.',
    code: ['ANTHROPIC_API_KEY=sk-ant-...', '# optional:', '# ANTHROPIC_BASE_URL=https://api.anthropic.com/v1', '# ANTHROPIC_MODELS=claude-sonnet-4-5,claude-haiku-4-5'].join('\n'),
  },
  {
    id: 'compatible',
    Icon: ServerIcon,
    title: 'Your own server: vLLM, LM Studio, llama.cpp',
    text: 'Any OpenAI-compatible endpoint. Models are read from its /models list unless you name them.',
    code: [
      'OPENAI_COMPATIBLE_BASE_URL=http://127.0.0.1:8000/v1',
      '# LM Studio: http://127.0.0.1:1234/v1 · llama.cpp: http://127.0.0.1:8080/v1',
      '# optional:',
      '# OPENAI_COMPATIBLE_API_KEY=...',
      '# OPENAI_COMPATIBLE_MODELS=qwen2.5-7b-instruct',
      '# OPENAI_COMPATIBLE_NAME=vLLM',
    ].join('\n'),
  },
  {
    id: 'ollama',
    Icon: HardDriveIcon,
    title: 'Ollama',
    text: 'A local Ollama at http://127.0.0.1:11434 is found automatically: start it and pull a model, then reload this page.',
    code: [
      '# in a terminal:',
      'ollama serve',
      'ollama pull llama3.2',
      '# elsewhere on your network? point to it:',
      '# OLLAMA_BASE_URL=http://192.168.1.20:11434',
    ].join('\n'),
  },
  {
    id: 'database',
    Icon: DatabaseIcon,
    title: 'Storage (optional)',
    text: 'Sessions are kept in a local SQLite file by default. Point elsewhere with a libSQL URL.',
    code: ['# default:', 'DATABASE_URL=file:./data/playground.db', '# or a libSQL / Turso database:', '# DATABASE_URL=libsql://your-db.turso.io', '# DATABASE_AUTH_TOKEN=...'].join('\n'),
  },
] as const;

/** Shown when no provider is configured: how to connect one, and a way to look around right now. */
export function SetupScreen({ demoModelKey }: { demoModelKey: string }) {
  return (
    <>
      <PageHeader>
        <h1 className="px-1.5 text-sm font-medium">Welcome</h1>
      </PageHeader>
      <div className="min-h-0 flex-1 overflow-y-auto" data-testid="setup-screen">
        <div className="mx-auto flex w-full max-w-3xl flex-col gap-8 px-4 py-10 sm:px-6 sm:py-14">
          <section className="flex flex-col items-center gap-4 text-center">
            <div className="flex size-12 items-center justify-center rounded-xl bg-primary text-primary-foreground">
              <BotIcon className="size-6" />
            </div>
            <div className="space-y-2">
              <h2 className="text-2xl font-semibold tracking-tight">Connect a model to start</h2>
              <p className="mx-auto max-w-xl text-sm leading-relaxed text-muted-foreground">
                No model provider is configured yet. Set one of the options below in <code className="rounded bg-muted px-1 py-0.5 text-xs">.env.local</code>{' '}
                (or your environment) and restart the server. Or look around first with the offline demo model: it plays a scripted
                agent run with reasoning, tool calls and a markdown answer, and needs no key.
              </p>
            </div>
            <TryDemoButton demoModelKey={demoModelKey} />
          </section>

          {/* One column that may shrink below its code's width: the snippets scroll inside their cards instead of widening them past the screen. */}
          <section className="grid grid-cols-[minmax(0,1fr)] gap-3" aria-label="Configuration options">
            {OPTIONS.map(({ id, Icon, title, text, code }) => (
              <article key={id} className="min-w-0 rounded-xl border bg-card p-4" data-testid={`setup-option-${id}`}>
                <header className="mb-2 flex items-center gap-2">
                  <Icon className="size-4 shrink-0 text-muted-foreground" aria-hidden />
                  <h3 className="min-w-0 text-sm font-semibold">{title}</h3>
                </header>
                <p className="mb-3 text-sm text-muted-foreground">{text}</p>
                <EnvSnippet code={code} label={`${title} settings`} />
              </article>
            ))}
          </section>
          <p className="text-center text-xs text-muted-foreground">
            Several providers can be set at once; the model picker lists them all. <code className="rounded bg-muted px-1 py-0.5">DEFAULT_MODEL</code>{' '}
            (e.g. <code className="rounded bg-muted px-1 py-0.5">openai:gpt-4.1-mini</code>) picks the one new sessions start with.
          </p>
        </div>
      </div>
    </>
  );
}
