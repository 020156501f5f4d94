import { act, renderHook } from '@testing-library/react';
import { expect, test } from 'vitest';
import { useComposerAssist } from '@/components/chat/hooks/use-composer-assist';
import { useDraft } from '@/components/chat/hooks/use-draft';

const resource = { server: 'docs', uri: 'notes://readme.md', name: 'Readme', mimeType: 'text/markdown' };

function setup() {
  return renderHook(() => {
    const draft = useDraft();
    return { draft, menus: useComposerAssist(draft) };
  });
}

test('a message the server refused comes back to the composer with its resource chips', () => {
  const { result } = setup();
  act(() => result.current.menus.assist.onAttach(resource));
  act(() => result.current.draft.setDraft('read this'));
  let taken: unknown[] = [];
  act(() => {
    taken = result.current.menus.takeAttachments('read this');
    result.current.draft.markSent('read this');
  });
  expect(taken).toEqual([{ server: 'docs', uri: 'notes://readme.md', name: 'Readme', mimeType: 'text/markdown' }]);
  expect(result.current.menus.assist.attachments).toEqual([]);

  act(() => result.current.draft.restore());
  expect(result.current.draft.get()).toBe('read this');
  expect(result.current.menus.assist.attachments).toEqual(taken);
});

test('once something new is typed, the chips of the sent message are forgotten', () => {
  const { result } = setup();
  act(() => result.current.menus.assist.onAttach(resource));
  act(() => {
    result.current.menus.takeAttachments('read this');
    result.current.draft.markSent('read this');
  });
  act(() => result.current.draft.setDraft('r'));
  act(() => result.current.draft.setDraft('read this'));
  expect(result.current.menus.assist.attachments).toEqual([]);
});
