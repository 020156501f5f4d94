import { expect, test } from '@playwright/test';
import { MODELS, newSession, send, shot, waitForRunEnd } from './helpers';

const todos = (statuses: Array<'pending' | 'in_progress' | 'completed'>) =>
  ['Read the brief', 'Draft the answer', 'Check the numbers'].map((content, index) => ({ id: String(index + 1), content, status: statuses[index] }));

/** Three todo_write calls, paced so each state of the list stays on screen for a moment. */
function planScenario(): string {
  const calls = [
    { tool: 'todo_write', args: { todos: todos(['in_progress', 'pending', 'pending']) } },
    { tool: 'todo_write', args: { todos: todos(['completed', 'in_progress', 'pending']) } },
    { tool: 'todo_write', args: { todos: todos(['completed', 'completed', 'completed']) } },
  ];
  // A short final answer: the default one quotes every call's output word by word, seconds of pacing nothing checks.
  return `[[scenario:sequence?calls=${encodeURIComponent(JSON.stringify(calls))}&delayMs=40&answer=Done.]]`;
}

test.describe('todo checklist', () => {
  test('follows todo_write calls live above the composer, and is still there after a reload', async ({ page }) => {
    await newSession(page, MODELS.chat);
    await expect(page.getByTestId('todo-checklist')).toHaveCount(0);
    await send(page, `Work through a plan ${planScenario()}`);

    const checklist = page.getByTestId('todo-checklist');
    const items = checklist.getByTestId('todo-item');
    await expect(checklist.getByTestId('todo-progress')).toHaveText('0/3');
    await expect(items).toHaveText(['Read the brief', 'Draft the answer', 'Check the numbers']);
    await expect(items.nth(0)).toHaveAttribute('data-status', 'in_progress');

    // Still streaming: the next call moves the list on.
    await expect(checklist.getByTestId('todo-progress')).toHaveText('1/3');
    await expect(page.getByTestId('stop-button')).toBeVisible();
    await expect(items.nth(0)).toHaveAttribute('data-status', 'completed');
    await expect(items.nth(1)).toHaveAttribute('data-status', 'in_progress');
    await shot(page, 'todo-checklist');
    await page.emulateMedia({ colorScheme: 'dark' });
    await shot(page, 'todo-checklist-dark');
    await page.emulateMedia({ colorScheme: 'light' });

    await expect(checklist.getByTestId('todo-progress')).toHaveText('3/3');
    await waitForRunEnd(page, 'completed');
    await expect(items.nth(2)).toHaveAttribute('data-status', 'completed');

    // Collapsible, and the composer stays right below it.
    const composerTop = async () => (await page.getByTestId('composer-input').boundingBox())!.y;
    expect((await checklist.boundingBox())!.y).toBeLessThan(await composerTop());
    await checklist.getByTestId('todo-toggle').click();
    await expect(checklist.getByTestId('todo-items')).toBeHidden();
    await checklist.getByTestId('todo-toggle').click();
    await expect(checklist.getByTestId('todo-items')).toBeVisible();

    await page.reload();
    await expect(page.getByTestId('todo-checklist').getByTestId('todo-progress')).toHaveText('3/3');
  });
});
