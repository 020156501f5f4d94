import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { shot } from './helpers';

/**
 * A screenshot worth showing in the README: written to docs/screenshots/NAME.png when UPDATE_DOCS_SCREENSHOTS=1
 * (run the spec that takes it on its own, then look at the files before committing them), otherwise it is an ordinary
 * review shot (`shot`, written only when E2E_SHOTS_DIR is set). `npm test` sets neither, so it never changes the tree.
 */
export async function docShot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  if (process.env.UPDATE_DOCS_SCREENSHOTS !== '1') return shot(page, name, options);
  const dir = path.resolve('docs/screenshots');
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: options.fullPage ?? false, animations: 'disabled', caret: 'hide' });
}
