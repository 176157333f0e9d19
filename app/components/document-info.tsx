import { createContext, useContext, useState, useSyncExternalStore } from "react";

/**
 * What the server drew for this document: the request id (X-Request-Id, the key to the
 * server's log lines) and the Content-Security-Policy nonce. The server render gets them from
 * entry.server.tsx; the browser reads them back from the page, so hydration renders exactly
 * what the server did (a nonce present on one side only is a hydration mismatch).
 */
export type DocumentInfo = { requestId: string | undefined; nonce: string | undefined };

const DocumentInfoContext = createContext<DocumentInfo | undefined>(undefined);

export const DocumentInfoProvider = DocumentInfoContext.Provider;

export const REQUEST_ID_META = "request-id";

/** The page's nonce as the browser keeps it (the attribute itself is blanked once parsed). */
export function pageNonce(): string | undefined {
  return document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce || undefined;
}

let fromPage: DocumentInfo | undefined;

function readFromPage(): DocumentInfo {
  fromPage ??= {
    requestId: document.querySelector<HTMLMetaElement>(`meta[name="${REQUEST_ID_META}"]`)?.content,
    nonce: pageNonce(),
  };
  return fromPage;
}

export function useDocumentInfo(): DocumentInfo {
  const fromServer = useContext(DocumentInfoContext);
  return fromServer ?? (typeof document === "undefined" ? { requestId: undefined, nonce: undefined } : readFromPage());
}

const noSubscription = () => () => {};

/**
 * The request id an error page can quote: the document's while the page is rendered by the
 * server (and hydrated), none for an error after a client-side navigation, whose failed
 * request had an id of its own the browser never sees.
 */
export function useErrorReference(): string | undefined {
  const { requestId } = useDocumentInfo();
  const rendersServerHtml = useSyncExternalStore(
    noSubscription,
    () => false,
    () => true,
  );
  const [reference] = useState(rendersServerHtml ? requestId : undefined);
  return reference;
}
