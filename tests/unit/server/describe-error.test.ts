import { APICallError, RetryError } from 'ai';
import { expect, test } from 'vitest';
import { describeError } from '@/lib/server/errors';

const key = 'sk-proj-abcdefghijklmnop1234';

test('a provider error that quotes the refused key reaches the user without it', () => {
  const refused = new APICallError({
    message: `Incorrect API key provided: ${key}. You can find your API key at https://platform.openai.com/account/api-keys.`,
    url: 'https://api.openai.com/v1/responses',
    requestBodyValues: {},
    statusCode: 401,
    isRetryable: false,
  });
  const text = describeError(refused);
  expect(text).toBe('The provider returned an error (HTTP 401): Incorrect API key provided: [REDACTED]. You can find your API key at https://platform.openai.com/account/api-keys.');
  expect(describeError(new RetryError({ message: 'failed', reason: 'maxRetriesExceeded', errors: [refused] }))).toBe(text);
});

test('other errors keep their message, scrubbed too', () => {
  expect(describeError(new Error(`upstream said Bearer ${key}`))).toBe('upstream said [REDACTED]');
  expect(describeError('plain words')).toBe('plain words');
  expect(describeError({ weird: true })).toBe('Something went wrong.');
});
