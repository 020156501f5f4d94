import { useEffect } from 'react';
import { act, render, screen, waitFor } from '@testing-library/react';
import { toast } from '@/lib/client/toast';
import useSWR, { SWRConfig } from 'swr';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { BackgroundErrors } from '@/components/shell/background-errors';
import { OfflineIndicator } from '@/components/shell/offline-indicator';
import { ApiRequestError } from '@/lib/client/api-error';
import { reportServerReached } from '@/lib/client/connectivity';

afterEach(() => {
  act(() => reportServerReached(true));
  vi.restoreAllMocks();
});

function setOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  act(() => void window.dispatchEvent(new Event(online ? 'online' : 'offline')));
}

describe('offline indicator', () => {
  test('says so while the browser is offline, and goes away when it is back', () => {
    render(<OfflineIndicator />);
    expect(screen.queryByTestId('offline-indicator')).toBeNull();
    setOnline(false);
    expect(screen.getByTestId('offline-indicator').textContent).toContain('You are offline');
    expect(screen.getByRole('status').contains(screen.getByTestId('offline-indicator'))).toBe(true);
    setOnline(true);
    expect(screen.queryByTestId('offline-indicator')).toBeNull();
  });

  test('a request that cannot reach the server shows it; the next answer clears it', () => {
    render(<OfflineIndicator />);
    act(() => reportServerReached(false));
    expect(screen.getByTestId('offline-indicator').dataset.state).toBe('unreachable');
    expect(screen.getByTestId('offline-indicator').textContent).toContain('The server does not answer');
    act(() => reportServerReached(true));
    expect(screen.queryByTestId('offline-indicator')).toBeNull();
  });
});

describe('background errors', () => {
  function Reader({ fetcher, version }: { fetcher: () => Promise<string>; version: number }) {
    const { data, error, mutate } = useSWR(['thing'], fetcher, { shouldRetryOnError: false, dedupingInterval: 0 });
    useEffect(() => {
      if (version > 0) void mutate();
    }, [version, mutate]);
    return <span data-testid="reader">{error && !data ? `error: ${(error as Error).message}` : (data ?? 'loading')}</span>;
  }

  /** A fresh SWR cache per test, with the app's error reporting inside it. */
  function renderReader(fetcher: () => Promise<string>) {
    const provider = () => new Map();
    const ui = (version: number) => (
      <SWRConfig value={{ provider }}>
        <BackgroundErrors>
          <Reader fetcher={fetcher} version={version} />
        </BackgroundErrors>
      </SWRConfig>
    );
    const { rerender } = render(ui(0));
    return { refresh: () => rerender(ui(1)) };
  }

  test('a failed refresh of data on screen is toasted; the data stays', async () => {
    const toastError = vi.spyOn(toast, 'error').mockImplementation(() => undefined);
    const next: { failure?: Error } = {};
    const { refresh } = renderReader(async () => {
      if (next.failure) throw next.failure;
      return 'the list';
    });
    await screen.findByText('the list');
    next.failure = new ApiRequestError('The database is busy.', 503, 'db_busy');
    refresh();
    await waitFor(() => expect(toastError).toHaveBeenCalledTimes(1));
    expect(toastError.mock.calls[0][0]).toBe('Could not refresh');
    expect(toastError.mock.calls[0][1]).toMatchObject({ description: 'The database is busy.' });
    expect(screen.getByTestId('reader').textContent).toBe('the list');
  });

  test('a refresh that cannot reach the server is left to the offline indicator', async () => {
    const toastError = vi.spyOn(toast, 'error').mockImplementation(() => undefined);
    const next: { failure?: Error } = {};
    const fetcher = vi.fn(async () => {
      if (next.failure) throw next.failure;
      return 'the list';
    });
    const { refresh } = renderReader(fetcher);
    await screen.findByText('the list');
    next.failure = new ApiRequestError('Could not reach the server.', 0, 'network');
    refresh();
    await waitFor(() => expect(fetcher).toHaveBeenCalledTimes(2));
    expect(toastError).not.toHaveBeenCalled();
  });

  test('a first load that fails is shown where it was asked for, not toasted', async () => {
    const toastError = vi.spyOn(toast, 'error').mockImplementation(() => undefined);
    renderReader(async () => Promise.reject(new ApiRequestError('Not found.', 404, 'not_found')));
    await screen.findByText('error: Not found.');
    expect(toastError).not.toHaveBeenCalled();
  });
});
