import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from "node:crypto";

const VERSION = "v1";
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** A 32-byte key for one purpose, derived from SESSION_SECRET (HKDF-SHA256): one secret, independent keys. */
export function deriveKey(sessionSecret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync("sha256", sessionSecret, "motohaat", purpose, 32));
}

/**
 * Secrets kept at rest with AES-256-GCM. `context` (such as the owner's id) is authenticated but
 * not stored: a sealed value copied to another row does not open there.
 */
export type SecretBox = {
  seal(plaintext: string, context: string): string;
  /** Throws when the value was altered, sealed for another context or with another key. */
  open(sealed: string, context: string): string;
};

export function secretBox(sessionSecret: string, purpose: string): SecretBox {
  const key = deriveKey(sessionSecret, purpose);
  return {
    seal(plaintext, context) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      cipher.setAAD(Buffer.from(context));
      const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
      return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url")}`;
    },
    open(sealed, context) {
      const [version, data] = sealed.split(".");
      if (version !== VERSION || !data) throw new Error("secret box: unknown format");
      const raw = Buffer.from(data, "base64url");
      const decipher = createDecipheriv("aes-256-gcm", key, raw.subarray(0, IV_BYTES));
      decipher.setAAD(Buffer.from(context));
      decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString(
        "utf8",
      );
    },
  };
}

/** A keyed hash (HMAC-SHA256) for values only ever compared, never read back. */
export function keyedHash(key: Buffer, value: string): string {
  return createHmac("sha256", key).update(value).digest("base64url");
}
