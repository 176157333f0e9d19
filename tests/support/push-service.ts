import { execFileSync } from "node:child_process";
import { createECDH, createPublicKey, randomBytes, verify, type ECDH } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { Agent, createServer, type Server } from "node:https";
import { tmpdir } from "node:os";
import path from "node:path";
import { decrypt } from "http_ece";

// A push service on this machine for the tests (RFC 8030): it takes each message over HTTPS
// (web-push speaks nothing else), checks its VAPID token (RFC 8292) and decrypts it with the
// "browser's" keys (RFC 8291), so no message leaves the machine. Paths choose its answer:
// /gone/… answers 410, /busy/… 503, anything else 201.

/** A browser's side of a subscription: its key pair and auth secret, and what it gives the site. */
export type FakeBrowser = { ecdh: ECDH; auth: string; keys: { p256dh: string; auth: string } };

export function fakeBrowser(): FakeBrowser {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  const auth = randomBytes(16).toString("base64url");
  return { ecdh, auth, keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth } };
}

export type ReceivedPush = {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
};

export type VapidClaims = { aud: string; exp: number; sub: string };

export type LocalPushService = {
  /** https://127.0.0.1:PORT */
  origin: string;
  /** Trusts the service's own certificate, for sendPush's `agent`. */
  agent: Agent;
  /** That certificate (PEM), for a server process to trust (NODE_EXTRA_CA_CERTS). */
  cert: Buffer;
  received: ReceivedPush[];
  close(): Promise<void>;
};

/** A certificate for 127.0.0.1, made for this run with the machine's openssl. */
function selfSignedCertificate(): { key: Buffer; cert: Buffer } {
  const dir = mkdtempSync(path.join(tmpdir(), "roadbook-push-"));
  try {
    execFileSync(
      "openssl",
      [
        "req",
        "-x509",
        "-newkey",
        "ec",
        "-pkeyopt",
        "ec_paramgen_curve:P-256",
        "-nodes",
        "-days",
        "1",
        "-subj",
        "/CN=127.0.0.1",
        "-addext",
        "subjectAltName=IP:127.0.0.1",
        "-keyout",
        path.join(dir, "key.pem"),
        "-out",
        path.join(dir, "cert.pem"),
      ],
      { stdio: "ignore" },
    );
    return { key: readFileSync(path.join(dir, "key.pem")), cert: readFileSync(path.join(dir, "cert.pem")) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function startLocalPushService(): Promise<LocalPushService> {
  const { key, cert } = selfSignedCertificate();
  const received: ReceivedPush[] = [];
  const server: Server = createServer({ key, cert }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const url = request.url ?? "/";
      received.push({ path: url, headers: request.headers, body: Buffer.concat(chunks) });
      response.statusCode = url.startsWith("/gone/") ? 410 : url.startsWith("/busy/") ? 503 : 201;
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  const agent = new Agent({ ca: cert, keepAlive: false });
  return {
    origin: `https://127.0.0.1:${port}`,
    agent,
    cert,
    received,
    close: () =>
      new Promise((resolve) => {
        agent.destroy();
        server.close(() => resolve());
      }),
  };
}

/**
 * Checks a message's `Authorization: vapid t=<JWT>, k=<public key>` as a push service does: the
 * key is the one given, and the token is an ES256 JWT signed by it. Returns its claims.
 */
export function verifyVapid(authorization: string | undefined, publicKey: string): VapidClaims {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? "");
  if (!match) throw new Error(`not a VAPID authorization: ${authorization}`);
  const [, token, key] = match;
  if (key !== publicKey) throw new Error("signed with another key");
  const [header, claims, signature] = token!.split(".");
  const point = Buffer.from(publicKey, "base64url");
  const jwk = {
    kty: "EC",
    crv: "P-256",
    x: point.subarray(1, 33).toString("base64url"),
    y: point.subarray(33, 65).toString("base64url"),
  };
  const valid = verify(
    "sha256",
    Buffer.from(`${header}.${claims}`),
    { key: createPublicKey({ key: jwk, format: "jwk" }), dsaEncoding: "ieee-p1363" },
    Buffer.from(signature!, "base64url"),
  );
  if (!valid) throw new Error("the VAPID signature does not verify");
  if (JSON.parse(Buffer.from(header!, "base64url").toString()).alg !== "ES256") throw new Error("not ES256");
  return JSON.parse(Buffer.from(claims!, "base64url").toString()) as VapidClaims;
}

/** What the browser reads: the message decrypted with its private key and auth secret. */
export function decryptPush(body: Buffer, browser: FakeBrowser): unknown {
  return JSON.parse(
    decrypt(body, { version: "aes128gcm", privateKey: browser.ecdh, authSecret: browser.auth }).toString("utf8"),
  );
}
