/**
 * The W3C Bitstring Status List rules both sides run (docs/decisions.md "Certificates"): the server
 * sets a certificate's bit when it is revoked (server/modules/certificates), the verification page
 * reads it back (machines/certificate-verification.actors.ts). A list is a bitstring of
 * STATUS_LIST_BITS bits (16 KiB, the spec's minimum size, so a list says little about how many
 * credentials exist), published gzip-compressed and base64url-encoded with the multibase prefix `u`.
 * Bit 0 is the most significant bit of the first byte (the spec's "left-most").
 */

/** Bits of one status list: 131,072. */
export const STATUS_LIST_BITS = 131_072;

/**
 * Where a certificate's status lives: list `list` (1, 2, …) and bit `index` in it, from the
 * certificate's serial number `statusIndex` (1, 2, …).
 */
export function statusPosition(statusIndex: number): { list: number; index: number } {
  const zeroBased = statusIndex - 1;
  return { list: Math.floor(zeroBased / STATUS_LIST_BITS) + 1, index: zeroBased % STATUS_LIST_BITS };
}

/** A list's bytes with the given bits (0-based, within the list) set; others clear. */
export function bitstringWith(indexes: Iterable<number>): Uint8Array {
  const bytes = new Uint8Array(STATUS_LIST_BITS / 8);
  for (const i of indexes) {
    if (i >= 0 && i < STATUS_LIST_BITS) bytes[i >> 3]! |= 0x80 >> (i & 7);
  }
  return bytes;
}

/** Whether bit `index` (0-based) of `bytes` is set; false beyond the end. */
export function bitIsSet(bytes: Uint8Array, index: number): boolean {
  if (index < 0 || index >> 3 >= bytes.length) return false;
  return (bytes[index >> 3]! & (0x80 >> (index & 7))) !== 0;
}
