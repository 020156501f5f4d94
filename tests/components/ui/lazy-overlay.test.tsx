import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { expect, test, vi } from 'vitest';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '@/components/ui/sheet';

function Menu({ onRename }: { onRename: () => void }) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <button type="button">Actions</button>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuItem onSelect={onRename}>Rename</DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

// First in the file: the parts are not loaded yet (they stay cached for the next tests, as in the app).
test('from the keyboard, before anything is loaded: Enter on the trigger opens the menu with focus in it, Escape closes it', async () => {
  const user = userEvent.setup();
  render(<Menu onRename={() => {}} />);
  const trigger = screen.getByRole('button', { name: 'Actions' });
  expect(trigger.getAttribute('aria-haspopup')).toBe('menu');
  expect(trigger.getAttribute('aria-expanded')).toBe('false');
  expect(screen.queryByRole('menu')).toBeNull();
  trigger.focus();
  await user.keyboard('{Enter}');
  const menu = await screen.findByRole('menu');
  await waitFor(() => expect(menu.contains(document.activeElement)).toBe(true));
  await user.keyboard('{ArrowDown}');
  expect(document.activeElement?.textContent).toBe('Rename');
  await user.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
  expect(document.activeElement?.textContent).toBe('Actions');
});

test('a click opens the menu and an item works', async () => {
  const onRename = vi.fn();
  const user = userEvent.setup();
  render(<Menu onRename={onRename} />);
  await user.click(screen.getByRole('button', { name: 'Actions' }));
  await user.click(await screen.findByRole('menuitem', { name: 'Rename' }));
  expect(onRename).toHaveBeenCalledTimes(1);
  await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
});

test('before anything is loaded: a popover opens on click; a controlled sheet loads and shows once `open` turns true', async () => {
  const user = userEvent.setup();
  function Both() {
    const [open, setOpen] = useState(false);
    return (
      <>
        <Popover>
          <PopoverTrigger>Details</PopoverTrigger>
          <PopoverContent>Popover body</PopoverContent>
        </Popover>
        <button type="button" onClick={() => setOpen(true)}>
          Open sheet
        </button>
        <Sheet open={open} onOpenChange={setOpen}>
          <SheetContent>
            <SheetTitle>Sheet title</SheetTitle>
            <SheetDescription>Sheet body</SheetDescription>
          </SheetContent>
        </Sheet>
      </>
    );
  }
  render(<Both />);
  await user.click(screen.getByRole('button', { name: 'Details' }));
  expect(await screen.findByText('Popover body')).toBeTruthy();
  await user.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByText('Popover body')).toBeNull());

  expect(screen.queryByRole('dialog')).toBeNull();
  await user.click(screen.getByRole('button', { name: 'Open sheet' }));
  expect((await screen.findByRole('dialog')).textContent).toContain('Sheet body');
});
