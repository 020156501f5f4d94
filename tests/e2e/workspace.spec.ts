import { expect, test, type Page } from '@playwright/test';
import { createSession, lastAssistant, MODELS, openSession, send, shot, waitForRunEnd } from './helpers';

/** A session in accept-edits mode: workspace writes run without asking (approvals.spec.ts covers asking). */
async function newSession(page: Page, modelKey: string): Promise<string> {
  const id = await createSession(page.request, modelKey);
  const response = await page.request.patch(`/api/sessions/${id}`, { data: { permissionMode: 'accept-edits' } });
  expect(response.status()).toBe(200);
  await openSession(page, id);
  return id;
}

/**
 * `[[scenario:sequence?calls=…]]`: the scripted model makes these tool calls,
 * one per turn (see tests/scripted-server/README.md). `delayMs` paces the
 * stream so the page can be watched between calls.
 */
function sequence(calls: Array<{ tool: string; args: unknown }>, delayMs = 0): string {
  // A short final answer: paced, the default one (every tool's output quoted, word by word) took seconds to stream.
  return `[[scenario:sequence?calls=${encodeURIComponent(JSON.stringify(calls))}${delayMs ? `&delayMs=${delayMs}&answer=Done.` : ''}]]`;
}

const fileItem = (page: Page, path: string) => page.getByTestId('workspace-panel').locator(`[data-testid="file-tree-item"][data-path="${path}"]`);

const PLAN = '# Plan\n\n1. Write the plan\n2. Greet from bash\n';
const bytes = (text: string) => new TextEncoder().encode(text).byteLength;

test.describe('workspace', () => {
  test('the file tree follows the agent’s writes live and previews a file', async ({ page }) => {
    await newSession(page, MODELS.chat);

    await page.getByTestId('workspace-toggle').click();
    await expect(page.getByTestId('workspace-empty')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('workspace-panel')).toBeHidden();

    await send(
      page,
      `Plan, then greet ${sequence(
        [
          { tool: 'write_file', args: { path: 'notes/plan.md', content: PLAN } },
          { tool: 'bash', args: { command: 'echo "hello from bash" > hello.txt && ls -R' } },
        ],
        200,
      )}`,
    );
    const cards = lastAssistant(page).getByTestId('tool-card');
    await expect(cards.first()).toHaveAttribute('data-state', 'output-available');
    // The bash call is still streaming in: open the panel now and watch it change.
    await expect(cards).toHaveCount(2);
    await expect(cards.nth(1)).not.toHaveAttribute('data-state', 'output-available');
    await page.getByTestId('workspace-toggle').click();
    await expect(fileItem(page, '/workspace/notes/plan.md')).toBeVisible();
    await expect(fileItem(page, '/workspace/notes/plan.md').getByTestId('file-size')).toHaveText(`${bytes(PLAN)} B`);
    await expect(fileItem(page, '/workspace/hello.txt')).toHaveCount(0);
    // No reload, no click: the bash call finishing adds its file to the open tree.
    await expect(fileItem(page, '/workspace/hello.txt')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('workspace-summary')).toHaveText(`2 files, ${bytes(PLAN) + bytes('hello from bash\n')} B.`);

    await fileItem(page, '/workspace/notes/plan.md').click();
    const preview = page.getByTestId('file-preview');
    await expect(page.getByTestId('file-preview-path')).toHaveText('/workspace/notes/plan.md');
    await expect(preview).toContainText('# Plan');
    await expect(preview.locator('tr')).toHaveCount(4);
    await expect(preview.locator('tr').nth(3)).toHaveText('42. Greet from bash');
    await shot(page, 'workspace-file-tree');
    await page.emulateMedia({ colorScheme: 'dark' });
    await shot(page, 'workspace-file-tree-dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await page.keyboard.press('Escape');
    await waitForRunEnd(page, 'completed');

    // The files are in the database: after a reload the tree still has them.
    await page.reload();
    await page.getByTestId('workspace-toggle').click();
    await expect(fileItem(page, '/workspace/notes/plan.md')).toBeVisible();
    await fileItem(page, '/workspace/hello.txt').click();
    await expect(page.getByTestId('file-preview')).toHaveText(/hello from bash/);
  });

  test('write_file and edit_file cards show a diff, and the bash card a terminal', async ({ page }) => {
    await newSession(page, MODELS.responses);
    await send(
      page,
      `Write, edit, run ${sequence([
        { tool: 'write_file', args: { path: 'app.js', content: 'const greeting = "hello";\nconsole.log(greeting);\n' } },
        { tool: 'edit_file', args: { path: 'app.js', old_string: '"hello"', new_string: '"hello, world"' } },
        { tool: 'bash', args: { command: 'cat app.js; echo "warning: demo" >&2' } },
      ])}`,
    );
    await waitForRunEnd(page, 'completed');
    const cards = lastAssistant(page).getByTestId('tool-card');
    await expect(cards).toHaveCount(3);

    const write = cards.nth(0);
    await expect(write).toHaveAttribute('data-tool-name', 'write_file');
    await expect(write.getByTestId('tool-title')).toHaveText('Write file');
    // The header's counts: a card that closed moments ago keeps its content (with the same counts) in the DOM while
    // it animates shut, and a fast run ends inside those 160 ms (a CI run failed on two matches here).
    await expect(write.getByTestId('tool-toggle').getByTestId('diff-counts')).toHaveText('+2 −0');
    await write.getByTestId('tool-toggle').click();
    const writeDiff = write.getByTestId('diff-view');
    await expect(writeDiff.locator('tr[data-kind="add"]')).toHaveCount(2);
    await expect(writeDiff.locator('tr[data-kind="remove"]')).toHaveCount(0);
    await expect(write.getByTestId('file-change')).toContainText('new file');

    const edit = cards.nth(1);
    await expect(edit.getByTestId('tool-toggle').getByTestId('diff-counts')).toHaveText('+1 −1');
    await edit.getByTestId('tool-toggle').click();
    const editDiff = edit.getByTestId('diff-view');
    await expect(editDiff.locator('tr[data-kind="remove"]')).toContainText('const greeting = "hello";');
    await expect(editDiff.locator('tr[data-kind="add"]')).toContainText('const greeting = "hello, world";');
    // Added lines are green and removed lines red (by hue, whatever the theme).
    const hue = (kind: string) =>
      editDiff.locator(`tr[data-kind="${kind}"]`).evaluate((row) => {
        // The computed colour may be oklch(): let a canvas turn it into RGB.
        const context = document.createElement('canvas').getContext('2d')!;
        context.fillStyle = getComputedStyle(row).color;
        context.fillRect(0, 0, 1, 1);
        const [r, g, b] = context.getImageData(0, 0, 1, 1).data;
        return g > r && g > b ? 'green' : r > g && r > b ? 'red' : 'other';
      });
    expect(await hue('add')).toBe('green');
    expect(await hue('remove')).toBe('red');
    await edit.scrollIntoViewIfNeeded();
    await shot(page, 'write-edit-diff-cards');

    const bash = cards.nth(2);
    await expect(bash.getByTestId('tool-title')).toHaveText('Bash');
    await bash.getByTestId('tool-toggle').click();
    const terminal = bash.getByTestId('bash-terminal');
    await expect(terminal.getByTestId('bash-command')).toHaveText('$ cat app.js; echo "warning: demo" >&2');
    await expect(terminal.getByTestId('bash-stdout')).toHaveText('const greeting = "hello, world";\nconsole.log(greeting);\n');
    await expect(terminal.getByTestId('bash-stderr')).toHaveText('warning: demo\n');
    await expect(terminal.getByTestId('bash-exit-code')).toHaveText('exit 0');
    await bash.scrollIntoViewIfNeeded();
    await shot(page, 'bash-card');

    await page.getByTestId('theme-dark').click();
    await edit.scrollIntoViewIfNeeded();
    await shot(page, 'write-edit-diff-cards-dark');
    await page.getByTestId('theme-light').click();
  });
});
