// http_ece ships no types; this declares the part of its API the tests use (RFC 8188 / 8291).
declare module "http_ece" {
  import type { ECDH } from "node:crypto";
  type DecryptParams = {
    version: "aes128gcm" | "aesgcm";
    /** The receiver's key pair: the browser's, for a Web Push message. */
    privateKey?: ECDH;
    /** The sender's public key; aes128gcm carries it in the message's header instead. */
    dh?: string;
    /** The subscription's 16-byte auth secret, base64url. */
    authSecret?: string;
  };
  export function decrypt(buffer: Buffer, params: DecryptParams): Buffer;
}
