import islandsScript from "virtual:islands-script";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, isRouteErrorResponse, useMatches } from "react-router";
import type { Route } from "./+types/root";
import { REQUEST_ID_META, useDocumentInfo, useErrorReference } from "./components/document-info";
import { shareNonceWithStyleInjectors } from "./components/style-nonce";
import { isContentPage } from "./islands/content-page";
import stylesheet from "./app.css?url";

if (typeof document !== "undefined") shareNonceWithStyleInjectors();

// Every element React Router renders into the head and body carries the page's CSP nonce, in the
// browser as on the server (entry.server.tsx), so hydration finds the same attributes.
// A content page (the visitor pages) carries only the islands script, which waits for the page
// to load; the admin portal is a React Router application (decision 017).
export function Layout({ children }: { children: React.ReactNode }) {
  const { requestId, nonce } = useDocumentInfo();
  const contentPage = isContentPage(useMatches());
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {requestId ? <meta name={REQUEST_ID_META} content={requestId} /> : null}
        {/* A React resource (precedence): React puts it ahead of the module preloads, so a phone
            on a slow network fetches the only render-blocking file first. */}
        <link rel="stylesheet" href={stylesheet} precedence="default" />
        <Meta />
        <Links nonce={nonce} />
      </head>
      <body>
        {children}
        {contentPage ? (
          <script
            type="module"
            nonce={nonce}
            data-islands-runtime={islandsScript.runtime}
            {...(islandsScript.code
              ? { dangerouslySetInnerHTML: { __html: islandsScript.code } }
              : { src: islandsScript.src })}
          />
        ) : (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        )}
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

/**
 * The last resort for an error no route handled. It never shows what went wrong (no stack
 * trace, no SQL): the server logged that under the request id quoted here.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const reference = useErrorReference();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main className="mx-auto max-w-xl px-6 py-16">
      <h1 className="text-title font-bold text-ink-900">{notFound ? "Page not found" : "Something went wrong"}</h1>
      <p className="mt-4 text-ink-700">
        {notFound
          ? "The page you asked for does not exist."
          : "Sorry, this page could not be shown. Please try again in a moment."}
      </p>
      {!notFound && reference ? (
        <p className="mt-4 text-sm text-ink-600">
          If it keeps happening, tell us this reference: <code className="font-mono text-ink-900">{reference}</code>
        </p>
      ) : null}
      {import.meta.env.DEV && error instanceof Error ? (
        <pre className="mt-6 overflow-auto rounded bg-ink-100 p-4 text-xs text-ink-900">{error.stack}</pre>
      ) : null}
      <p className="mt-8">
        <a href="/" className="font-semibold text-brand-700 underline underline-offset-4">
          Go to the home page
        </a>
      </p>
    </main>
  );
}
