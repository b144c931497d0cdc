/** http_ece (the reference implementation of RFC 8188's encrypted content coding, by its author) ships no types: what the push receiver uses. */
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';
  /** Decrypts an aes128gcm body with the receiver's ECDH key and auth secret (RFC 8291); the sender's key is in the body's header. */
  export function decrypt(buffer: Buffer, params: { version: 'aes128gcm'; privateKey: ECDH; authSecret: Buffer }): Buffer;
}
