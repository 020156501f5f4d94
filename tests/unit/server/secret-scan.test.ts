import { expect, test } from 'vitest';
import { SecretScanner, secretHash } from '@/lib/server/secret-scan';

const samples: Array<[string, string]> = [
  ['provider-key', 'OPENAI=sk-proj-AbCdEfGhIjKlMnOpQrStUv'],
  ['provider-key', 'url?key%3Dsk-ant-api03-abcdefghijklmnop'],
  ['bearer-token', 'Authorization: Bearer abcdefghijklmnop.qrstu'],
  ['private-key', '-----BEGIN RSA PRIVATE KEY-----\nMIIEow\n-----END RSA PRIVATE KEY-----'],
  ['aws-key', 'aws_access_key_id = AKIAIOSFODNN7EXAMPLE'],
  ['github-token', 'token ghp_0123456789abcdefghijklmnopqrstuvwxyzAB'],
  ['slack-token', 'xoxb-1234567890-abcdefghij'],
  ['jwt', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N'],
  ['password-assignment', 'db password: "hunter2hunter2"'],
];

test.each(samples)('finds a %s', (kind, text) => {
  const scanner = new SecretScanner();
  scanner.scan(text, 'message 1 (text)');
  const { findings, texts } = scanner.results(new Set());
  const finding = findings.find((f) => f.kind === kind);
  expect(finding).toBeDefined();
  expect(finding!.where).toEqual(['message 1 (text)']);
  expect(text).toContain(texts.get(finding!.id));
  expect(finding!.id).toBe(secretHash(texts.get(finding!.id)!));
  // Masked: never the whole value.
  expect(finding!.masked.length).toBeLessThan(texts.get(finding!.id)!.length);
});

test('ordinary text is not a finding', () => {
  const scanner = new SecretScanner();
  for (const text of ['Ask the task-runner for a risk-assessment', 'The password field must be filled', 'Bearer of bad news', 'skills-based hiring', '[REDACTED]']) scanner.scan(text, 'x');
  expect(scanner.results(new Set()).findings).toEqual([]);
});

test('one finding per text, with every place it occurs, and its redaction state', () => {
  const scanner = new SecretScanner();
  scanner.scan('key sk-proj-AbCdEfGhIjKlMnOpQrStUv', 'message 1 (text)');
  scanner.scan('again sk-proj-AbCdEfGhIjKlMnOpQrStUv', 'workspace: a.txt');
  const { findings } = scanner.results(new Set([secretHash('sk-proj-AbCdEfGhIjKlMnOpQrStUv')]));
  expect(findings).toEqual([{ id: secretHash('sk-proj-AbCdEfGhIjKlMnOpQrStUv'), kind: 'provider-key', masked: 'sk-p…Uv', where: ['message 1 (text)', 'workspace: a.txt'], redacted: true }]);
});
