import { createContext, useContext, useState, useSyncExternalStore } from "react";

/**
 * The id of the request that rendered this document (X-Request-Id, and the key to the server's
 * log lines). The server render gets it from entry.server.tsx; the browser reads it back from
 * the <meta> the server wrote, so hydration renders the very same text.
 */
const RequestIdContext = createContext<string | undefined>(undefined);

export const RequestIdProvider = RequestIdContext.Provider;

export const REQUEST_ID_META = "request-id";

export function useDocumentRequestId(): string | undefined {
  const fromServer = useContext(RequestIdContext);
  const [id] = useState(
    () => fromServer ?? (typeof document === "undefined" ? undefined : document.querySelector<HTMLMetaElement>(`meta[name="${REQUEST_ID_META}"]`)?.content),
  );
  return id;
}

const noSubscription = () => () => {};

/**
 * The request id an error page can quote: the document's while the page is rendered by the
 * server (and hydrated), none for an error after a client-side navigation, whose failed
 * request had an id of its own the browser never sees.
 */
export function useErrorReference(): string | undefined {
  const documentId = useDocumentRequestId();
  const rendersServerHtml = useSyncExternalStore(
    noSubscription,
    () => false,
    () => true,
  );
  const [reference] = useState(rendersServerHtml ? documentId : undefined);
  return reference;
}
