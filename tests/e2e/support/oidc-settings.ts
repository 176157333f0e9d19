// Where the end-to-end run's local OpenID provider listens and how the app is registered with it.
// playwright.config.ts passes these to the server as OIDC_ISSUER / GOOGLE_CLIENT_ID / _SECRET;
// oidc-provider.ts starts the provider with them. 1000 above the app's port keeps parallel runs
// (each with its own E2E_PORT) apart.
const appPort = Number(process.env.E2E_PORT ?? 4311);

export const E2E_OIDC = {
  issuer: `http://127.0.0.1:${appPort + 1000}`,
  port: appPort + 1000,
  clientId: "roadbook-e2e",
  clientSecret: "roadbook-e2e-client-secret",
} as const;
