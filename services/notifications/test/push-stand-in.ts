/**
 * A stand-in for a browser vendor's push service (FCM, Mozilla's autopush, ...): the one thing the Web Push tests do
 * not run for real. It is a local HTTP server that takes what `web-push` posts to a subscription's endpoint, as the
 * vendor's would, and keeps it; and a browser's side of a subscription (a P-256 key pair and an auth secret), with the
 * decryption of RFC 8291 (aes128gcm), so a test reads the message as the browser would.
 */
import { createECDH, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';

export interface Delivery {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

export interface PushStandIn {
  /** Everything posted to it, in order. */
  deliveries: Delivery[];
  /** An endpoint on it; `status` is what it answers there (201 taken; 404 and 410 say the subscription is gone). */
  endpoint(name: string, status?: number): string;
  close(): Promise<void>;
}

export async function startPushStandIn(): Promise<PushStandIn> {
  const deliveries: Delivery[] = [];
  const statuses = new Map<string, number>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      deliveries.push({ path, headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(statuses.get(path) ?? 201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    deliveries,
    endpoint(name, status = 201) {
      const path = `/push/${name}`;
      statuses.set(path, status);
      return `http://127.0.0.1:${port}${path}`;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A browser's side of a subscription: what `PushSubscription.toJSON()` gives, and the private key to read messages. */
export function browserSubscription(endpoint: string) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const authSecret = randomBytes(16);
  return {
    json: {
      endpoint,
      expirationTime: null,
      keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: authSecret.toString('base64url') },
    },
    /** Opens an aes128gcm message (RFC 8188 framing, RFC 8291 keys) as the browser does. */
    decrypt(body: Buffer): unknown {
      const salt = body.subarray(0, 16);
      const idLength = body.readUInt8(20);
      const serverKey = body.subarray(21, 21 + idLength);
      const cipherText = body.subarray(21 + idLength);
      const shared = ecdh.computeSecret(serverKey);
      const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), ecdh.getPublicKey(), serverKey]);
      const ikm = Buffer.from(hkdfSync('sha256', shared, authSecret, keyInfo, 32));
      const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
      const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
      const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
      decipher.setAuthTag(cipherText.subarray(cipherText.length - 16));
      const padded = Buffer.concat([decipher.update(cipherText.subarray(0, cipherText.length - 16)), decipher.final()]);
      // The last record ends with the delimiter 2, then padding zeros.
      const end = padded.lastIndexOf(2);
      return JSON.parse(padded.subarray(0, end).toString('utf8'));
    },
  };
}
