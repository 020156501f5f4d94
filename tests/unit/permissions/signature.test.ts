import { describe, expect, it } from 'vitest';
import { signApproval, verifyApproval } from '@/lib/permissions/signature';

const SECRET = 'test-secret-of-enough-length';
const subject = { approvalId: 'apr_1', toolCallId: 'call_1', toolName: 'write_file', input: { path: '/a.txt', content: 'hi' } };

describe('approval signatures', () => {
  it('verifies what it signed, whatever the key order of the input', async () => {
    const signature = await signApproval(SECRET, subject);
    expect(signature).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await verifyApproval(SECRET, signature, { ...subject, input: { content: 'hi', path: '/a.txt' } })).toBe(true);
  });

  it.each([
    ['approvalId', { ...subject, approvalId: 'apr_2' }],
    ['toolCallId', { ...subject, toolCallId: 'call_2' }],
    ['toolName', { ...subject, toolName: 'bash' }],
    ['input', { ...subject, input: { path: '/etc/passwd', content: 'hi' } }],
  ])('rejects a changed %s', async (_field, changed) => {
    const signature = await signApproval(SECRET, subject);
    expect(await verifyApproval(SECRET, signature, changed)).toBe(false);
  });

  it('rejects another secret, a flipped character and garbage', async () => {
    const signature = await signApproval(SECRET, subject);
    expect(await verifyApproval('another-secret-entirely', signature, subject)).toBe(false);
    const flipped = (signature[0] === 'A' ? 'B' : 'A') + signature.slice(1);
    expect(await verifyApproval(SECRET, flipped, subject)).toBe(false);
    expect(await verifyApproval(SECRET, 'not a signature!', subject)).toBe(false);
    expect(await verifyApproval(SECRET, '', subject)).toBe(false);
  });
});
