import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { RetryNoticeRow } from '@/components/agent/retry-notice';
import type { RetryNotice } from '@/lib/agent/messages';
import { uniqueId } from './fixtures';

function notice(overrides: Partial<RetryNotice> = {}): RetryNotice {
  return { attempt: 2, maxRetries: 3, delayMs: 4_000, cause: 'rate-limited', message: 'Rate limited, retrying in 4 s', statusCode: 429, ...overrides };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('live (the newest thing in a streaming message)', () => {
  test('announces the retry politely with cause, delay and attempt counter', () => {
    render(<RetryNoticeRow notice={notice()} live timingKey={uniqueId('retry')} />);

    const status = screen.getByRole('status');
    expect(status.getAttribute('aria-live')).toBe('polite');
    expect(status.dataset.live).toBe('true');
    expect(status.textContent).toBe('Rate limited, retrying in 4 s (2/3)');
  });

  test('counts the delay down and then says it is retrying now', () => {
    vi.useFakeTimers();
    render(<RetryNoticeRow notice={notice({ delayMs: 2_000 })} live timingKey={uniqueId('retry')} />);
    expect(screen.getByRole('status').textContent).toBe('Rate limited, retrying in 2 s (2/3)');

    act(() => vi.advanceTimersByTime(1_100));
    expect(screen.getByRole('status').textContent).toBe('Rate limited, retrying in 1 s (2/3)');

    act(() => vi.advanceTimersByTime(1_000));
    expect(screen.getByRole('status').textContent).toBe('Rate limited, retrying now (2/3)');
  });

  test('each known cause has its own words', () => {
    const causes: Array<[string, string]> = [
      ['server-error', 'Provider error'],
      ['overloaded', 'Provider overloaded'],
      ['network', 'Network error'],
      ['timeout', 'Request timed out'],
      ['stalled', 'The model stopped sending data'],
      ['malformed', 'Malformed stream event'],
    ];
    for (const [cause, label] of causes) {
      const { unmount } = render(<RetryNoticeRow notice={notice({ cause, message: '', statusCode: undefined })} live timingKey={uniqueId('retry')} />);
      expect(screen.getByRole('status').textContent).toBe(`${label}, retrying in 4 s (2/3)`);
      unmount();
    }
  });

  test('an unknown cause names the status code, or just says the request failed', () => {
    const { unmount } = render(<RetryNoticeRow notice={notice({ cause: 'weird', statusCode: 529, message: '' })} live timingKey={uniqueId('retry')} />);
    expect(screen.getByRole('status').textContent).toBe('Provider answered 529, retrying in 4 s (2/3)');
    unmount();

    render(<RetryNoticeRow notice={notice({ cause: 'weird', statusCode: undefined, message: '' })} live timingKey={uniqueId('retry')} />);
    expect(screen.getByRole('status').textContent).toBe('Request failed, retrying in 4 s (2/3)');
  });
});

describe('settled (something came after it)', () => {
  test('stays as a quiet record, not announced', () => {
    render(<RetryNoticeRow notice={notice()} live={false} timingKey={uniqueId('retry')} />);

    expect(screen.queryByRole('status')).toBeNull();
    const row = screen.getByTestId('retry-notice');
    expect(row.dataset.live).toBeUndefined();
    expect(row.getAttribute('aria-live')).toBeNull();
    expect(row.textContent).toBe('Rate limited, retried (2/3)');
  });

  test('a live notice settles when the stream moves on', () => {
    const timingKey = uniqueId('retry');
    const { rerender } = render(<RetryNoticeRow notice={notice()} live timingKey={timingKey} />);
    expect(screen.getByRole('status')).toBeTruthy();

    rerender(<RetryNoticeRow notice={notice()} live={false} timingKey={timingKey} />);
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByTestId('retry-notice').textContent).toBe('Rate limited, retried (2/3)');
  });
});

test("the server's sentence is shown only when it adds something", () => {
  render(<RetryNoticeRow notice={notice({ cause: 'server-error', statusCode: 503, message: 'Service Unavailable: upstream connect error' })} live={false} timingKey={uniqueId('retry')} />);
  expect(screen.getByTestId('retry-notice').textContent).toBe('Provider error, retried (2/3) · Service Unavailable: upstream connect error');
});
