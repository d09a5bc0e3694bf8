// The API key format: `cw_<32 random base62>_<6 base62 checksum>`. The checksum (CRC-32 of the
// random part, as GitHub's tokens do) lets a mistyped or made-up key be rejected before any lookup,
// and the prefix makes leaked keys easy for secret scanners to find. Only the SHA-256 of the whole
// key is ever stored.
import { hash, randomInt } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const RANDOM_LENGTH = 32; // 32 base62 characters hold about 190 bits
const CHECKSUM_LENGTH = 6;
const KEY_PATTERN = /^cw_([0-9A-Za-z]{32})_([0-9A-Za-z]{6})$/;

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(text: string): number {
  let crc = 0xffffffff;
  for (let i = 0; i < text.length; i++) crc = CRC_TABLE[(crc ^ text.charCodeAt(i)) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function checksum(random: string): string {
  let value = crc32(random);
  let out = '';
  for (let i = 0; i < CHECKSUM_LENGTH; i++) {
    out += ALPHABET[value % 62];
    value = Math.floor(value / 62);
  }
  return out;
}

export function generateApiKey(): string {
  let random = '';
  for (let i = 0; i < RANDOM_LENGTH; i++) random += ALPHABET[randomInt(62)];
  return `cw_${random}_${checksum(random)}`;
}

/** True when the text has the key's shape and its checksum matches. */
export function isWellFormedApiKey(text: string): boolean {
  const match = KEY_PATTERN.exec(text);
  return match !== null && checksum(match[1]!) === match[2];
}

// One-shot hashing: on every authenticated request, and about three times cheaper than createHash.
export function hashApiKey(key: string): Buffer {
  return hash('sha256', key, 'buffer');
}
