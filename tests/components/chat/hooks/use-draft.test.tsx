import { act, render, renderHook } from '@testing-library/react';
import { expect, test } from 'vitest';
import { useDraft, useDraftText, usePersistedDraft, type Draft } from '@/components/chat/hooks/use-draft';

test('a sent message comes back when the server refused it', () => {
  const { result } = renderHook(() => useDraft());
  act(() => result.current.setDraft('hello'));
  act(() => result.current.markSent('hello'));
  expect(result.current.get()).toBe('');
  act(() => result.current.restore());
  expect(result.current.get()).toBe('hello');
});

test('giving a message back never overwrites what was typed since', () => {
  const { result } = renderHook(() => useDraft());
  act(() => result.current.markSent('first'));
  act(() => result.current.setDraft('something new'));
  act(() => result.current.restore());
  expect(result.current.get()).toBe('something new');
  act(() => result.current.setDraft('  '));
  act(() => result.current.restore('explicit text'));
  expect(result.current.get()).toBe('explicit text');
});

test('fill replaces the text (an example prompt)', () => {
  const { result } = renderHook(() => useDraft());
  act(() => result.current.setDraft('old'));
  act(() => result.current.fill('Example prompt'));
  expect(result.current.get()).toBe('Example prompt');
});

test('typing renders only what shows the text: the handle the view holds never changes', () => {
  const renders = { view: 0, composer: 0 };
  let handle: Draft | undefined;
  const handles = new Set<Draft>();
  function Shown({ draft }: { draft: Draft }) {
    renders.composer++;
    return <p data-testid="text">{useDraftText(draft)}</p>;
  }
  function View() {
    renders.view++;
    const draft = useDraft();
    handle = draft;
    handles.add(draft);
    return <Shown draft={draft} />;
  }
  const { getByTestId } = render(<View />);
  for (const text of ['h', 'he', 'hel', 'hell', 'hello']) act(() => handle!.setDraft(text));
  expect(getByTestId('text').textContent).toBe('hello');
  expect(renders.view).toBe(1);
  expect(renders.composer).toBe(6);
  expect(handles.size).toBe(1);
});

test('a session keeps its unsent draft across a reload, and sending forgets it', () => {
  localStorage.clear();
  const first = renderHook(() => {
    const draft = useDraft();
    usePersistedDraft(draft, 'session-a');
    return draft;
  });
  act(() => first.result.current.setDraft('half a thought'));
  first.unmount();

  const reloaded = renderHook(() => {
    const draft = useDraft();
    usePersistedDraft(draft, 'session-a');
    return draft;
  });
  expect(reloaded.result.current.get()).toBe('half a thought');
  const other = renderHook(() => {
    const draft = useDraft();
    usePersistedDraft(draft, 'session-b');
    return draft;
  });
  expect(other.result.current.get()).toBe('');

  act(() => reloaded.result.current.markSent('half a thought'));
  reloaded.unmount();
  const afterSend = renderHook(() => {
    const draft = useDraft();
    usePersistedDraft(draft, 'session-a');
    return draft;
  });
  expect(afterSend.result.current.get()).toBe('');
});

test('the new-session page keeps its own draft, apart from the sessions', () => {
  localStorage.clear();
  // The new-session page keeps its draft under its own key (components/chat/new-chat.tsx).
  const newSessionPage = () =>
    renderHook(() => {
      const draft = useDraft();
      usePersistedDraft(draft, 'new');
      return draft;
    });
  const page = newSessionPage();
  act(() => page.result.current.setDraft('a task for later'));
  page.unmount();
  expect(newSessionPage().result.current.get()).toBe('a task for later');
  const session = renderHook(() => {
    const draft = useDraft();
    usePersistedDraft(draft, 'session-a');
    return draft;
  });
  expect(session.result.current.get()).toBe('');
});
