import { generateKeyPairSync, randomBytes, randomUUID } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import Provider from "oidc-provider";
import sharp from "sharp";

type TestProviderAccount = {
  email: string;
  name: string;
  emailVerified: boolean;
  /** Defaults to a real PNG this provider serves. */
  picture?: string;
};

export type TestOidcProvider = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The env that points our server at this provider. */
  env: { OIDC_ISSUER: string; OIDC_CLIENT_ID: string; OIDC_CLIENT_SECRET: string };
  /** A URL on this provider that answers 404, for an account whose picture cannot be fetched. */
  missingPictureUrl: string;
  /** An account that can log in at the provider's page with its email; returns its subject (`sub`). */
  addAccount(account: TestProviderAccount): string;
  /** How many times the discovery document was fetched. */
  discoveryCount(): number;
  close(): Promise<void>;
};

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function loginPage(action: string, error?: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Test provider: sign in</title></head>
<body>
<main>
<h1>Sign in to the test provider</h1>
${error ? `<p role="alert">${escapeHtml(error)}</p>` : ""}
<form method="post" action="${escapeHtml(action)}">
  <label for="email">Email</label>
  <input id="email" name="email" type="email" required autofocus>
  <button type="submit" name="action" value="login">Sign in</button>
  <button type="submit" name="action" value="cancel" formnovalidate>Cancel</button>
</form>
</main>
</body></html>`;
}

async function readForm(req: http.IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
}

/**
 * A real OpenID Connect provider (`oidc-provider`) on a random loopback port, standing in for
 * Google: one confidential client registered for `redirectUri`, PKCE required, RS256 ID tokens,
 * and a login page of its own (type a registered account's email) that grants consent on login.
 * `port` fixes the port (to bring a "down" provider up); the client id is always the same.
 */
export async function startTestOidcProvider(
  redirectUri: string,
  options: { port?: number } = {},
): Promise<TestOidcProvider> {
  const accountsBySub = new Map<string, TestProviderAccount & { sub: string }>();
  const subsByEmail = new Map<string, string>();
  const picture = await sharp({ create: { width: 120, height: 120, channels: 3, background: "#4285f4" } })
    .png()
    .toBuffer();
  const clientId = "motohaat-test";
  const clientSecret = randomBytes(24).toString("base64url");
  let discoveries = 0;
  let provider: Provider | undefined;

  const server = http.createServer((req, res) => {
    void handle(req, res).catch((err: unknown) => {
      res.statusCode = 500;
      res.end(String(err));
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const pictureUrl = `${issuer}/picture.png`;

  async function handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const op = provider!;
    const url = new URL(req.url ?? "/", issuer);
    if (url.pathname === "/picture.png") {
      res.writeHead(200, { "content-type": "image/png", "content-length": picture.length });
      res.end(picture);
      return;
    }
    if (url.pathname === "/.well-known/openid-configuration") discoveries++;
    if (!url.pathname.startsWith("/interaction/")) {
      op.callback()(req, res);
      return;
    }
    const details = await op.interactionDetails(req, res);
    if (req.method === "GET") {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      res.end(loginPage(url.pathname));
      return;
    }
    const form = await readForm(req);
    if (form.get("action") === "cancel") {
      await op.interactionFinished(
        req,
        res,
        { error: "access_denied", error_description: "The user cancelled" },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    const sub = subsByEmail.get((form.get("email") ?? "").toLowerCase());
    if (!sub) {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      res.end(loginPage(url.pathname, "No test account has that email."));
      return;
    }
    // Consent is part of logging in here: the test is about our side of the flow, not a consent screen.
    const grant = new op.Grant({ accountId: sub, clientId: String(details.params.client_id) });
    grant.addOIDCScope(String(details.params.scope));
    await op.interactionFinished(
      req,
      res,
      { login: { accountId: sub }, consent: { grantId: await grant.save() } },
      { mergeWithLastSubmission: false },
    );
  }

  const signingKey = generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey.export({ format: "jwk" });
  provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        response_types: ["code"],
        grant_types: ["authorization_code"],
        token_endpoint_auth_method: "client_secret_post",
      },
    ],
    pkce: { methods: ["S256"], required: () => true },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name", "picture"] },
    jwks: { keys: [{ ...signingKey, kid: randomUUID(), use: "sig", alg: "RS256" }] },
    cookies: { keys: [randomBytes(32).toString("base64url")] },
    ttl: {
      Interaction: 600,
      Session: 3600,
      Grant: 3600,
      AccessToken: 600,
      IdToken: 600,
      AuthorizationCode: 60,
    },
    async findAccount(_ctx, sub) {
      const account = accountsBySub.get(sub);
      if (!account) return undefined;
      return {
        accountId: sub,
        claims: () => ({
          sub,
          email: account.email,
          email_verified: account.emailVerified,
          name: account.name,
          picture: account.picture ?? pictureUrl,
        }),
      };
    },
  });

  return {
    issuer,
    clientId,
    clientSecret,
    env: { OIDC_ISSUER: issuer, OIDC_CLIENT_ID: clientId, OIDC_CLIENT_SECRET: clientSecret },
    missingPictureUrl: `${issuer}/missing.png`,
    addAccount(account) {
      const sub = randomUUID();
      accountsBySub.set(sub, { ...account, sub });
      subsByEmail.set(account.email.toLowerCase(), sub);
      return sub;
    },
    discoveryCount: () => discoveries,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
