// A real OpenID Connect provider on this machine, standing in for Google in the sign-in specs
// (oidc-provider, with its development login and consent pages). Its login page accepts any
// password, and the login name typed there is both the account's subject and its verified email
// address; a name starting with "unverified:" gives an account whose email is not verified.
import type { Server } from "node:http";
import Provider from "oidc-provider";
import { E2E_OIDC } from "./oidc-settings.ts";

const UNVERIFIED = "unverified:";

export function startOidcProvider(appBaseUrl: string): Promise<Server> {
  const provider = new Provider(E2E_OIDC.issuer, {
    clients: [
      {
        client_id: E2E_OIDC.clientId,
        client_secret: E2E_OIDC.clientSecret,
        redirect_uris: [`${appBaseUrl}/admin/auth/google/callback`],
        grant_types: ["authorization_code"],
        response_types: ["code"],
      },
    ],
    findAccount: (_ctx, login) => ({
      accountId: login,
      claims: () => ({
        sub: login,
        email: login.startsWith(UNVERIFIED) ? login.slice(UNVERIFIED.length) : login,
        email_verified: !login.startsWith(UNVERIFIED),
      }),
    }),
    claims: { openid: ["sub"], email: ["email", "email_verified"] },
    // Like Google: the ID token itself carries the email claims the scope asked for.
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    cookies: { keys: ["roadbook-e2e-provider-cookie-key"] },
  });
  return new Promise((resolve) => {
    const server = provider.listen(E2E_OIDC.port, "127.0.0.1", () => resolve(server));
  });
}
