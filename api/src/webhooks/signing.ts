// Standard Webhooks signatures (https://www.standardwebhooks.com): HMAC-SHA256 over
// "msg_id.timestamp.body" with the endpoint's secret, sent as `webhook-signature: v1,<base64>`.
// Secrets are `whsec_<base64 of 24..64 random bytes>` (the spec's serialization, what receivers'
// libraries expect) or, for callers that bring their own, a raw string strong enough to guess at.
import { createHmac, randomBytes } from 'node:crypto';

export const SECRET_PREFIX = 'whsec_';
export const MIN_SECRET_BYTES = 24;
export const MAX_SECRET_BYTES = 64;
/** Generated secrets: 32 random bytes. */
const GENERATED_SECRET_BYTES = 32;
/** A raw secret needs this many estimated bits (24 bytes). */
const MIN_RAW_SECRET_BITS = MIN_SECRET_BYTES * 8;

export function generateSecret(): string {
  return SECRET_PREFIX + randomBytes(GENERATED_SECRET_BYTES).toString('base64');
}

/** The HMAC key of a secret: the decoded bytes of a whsec_ secret, else the raw string's UTF-8. */
export function secretKey(secret: string): Buffer {
  return secret.startsWith(SECRET_PREFIX)
    ? Buffer.from(secret.slice(SECRET_PREFIX.length), 'base64')
    : Buffer.from(secret, 'utf8');
}

/** Why a caller's secret is refused, or undefined when it is acceptable. */
export function secretProblem(secret: string): string | undefined {
  if (secret.startsWith(SECRET_PREFIX)) {
    const encoded = secret.slice(SECRET_PREFIX.length);
    if (!/^[A-Za-z0-9+/]+={0,2}$/.test(encoded) || encoded.length % 4 !== 0)
      return 'a whsec_ secret must be whsec_ followed by standard base64';
    const bytes = Buffer.from(encoded, 'base64').length;
    if (bytes < MIN_SECRET_BYTES || bytes > MAX_SECRET_BYTES)
      return `a whsec_ secret must decode to ${MIN_SECRET_BYTES}..${MAX_SECRET_BYTES} bytes (got ${bytes})`;
    if (new Set(Buffer.from(encoded, 'base64')).size < 8)
      return 'the secret is not random (too few distinct bytes)';
    return undefined;
  }
  if (Buffer.byteLength(secret, 'utf8') > 256) return 'a raw secret must be at most 256 bytes';
  if (estimatedBits(secret) < MIN_RAW_SECRET_BITS)
    return `needs at least ${MIN_SECRET_BYTES} bytes of entropy: use a longer random string, or omit it to get a generated whsec_ secret`;
  return undefined;
}

/**
 * A conservative guess at a raw secret's entropy: its length times log2 of the alphabet its
 * character classes span, counting only distinct characters when they are few (so "aaaa..." or a
 * repeated word scores low). A guess, not a measurement: the generated secret is the safe choice.
 */
export function estimatedBits(secret: string): number {
  const chars = [...secret];
  let alphabet = 0;
  if (/[a-z]/.test(secret)) alphabet += 26;
  if (/[A-Z]/.test(secret)) alphabet += 26;
  if (/[0-9]/.test(secret)) alphabet += 10;
  if (/[^A-Za-z0-9]/.test(secret)) alphabet += 33;
  const distinct = new Set(chars).size;
  const perChar = Math.log2(Math.max(1, Math.min(alphabet, distinct * 2)));
  return chars.length * perChar;
}

/** The `webhook-signature` value for one attempt. */
export function sign(secret: string, messageId: string, timestampSeconds: number, body: string): string {
  const mac = createHmac('sha256', secretKey(secret))
    .update(`${messageId}.${timestampSeconds}.${body}`)
    .digest('base64');
  return `v1,${mac}`;
}

/** The three Standard Webhooks headers of one attempt (the timestamp is the attempt's, in seconds). */
export function signatureHeaders(
  secret: string,
  messageId: string,
  timestampSeconds: number,
  body: string,
): Record<'webhook-id' | 'webhook-timestamp' | 'webhook-signature', string> {
  return {
    'webhook-id': messageId,
    'webhook-timestamp': String(timestampSeconds),
    'webhook-signature': sign(secret, messageId, timestampSeconds, body),
  };
}
