import { WifiOff } from "lucide-react";
import { SAVED_RIDES_PATH } from "~/domain/links";
import { pageTitle } from "~/domain/site";

// What the service worker shows for a page it cannot fetch and the rider has not saved
// (decision 023). It is kept by the service worker when it installs.

export function meta() {
  return [{ title: pageTitle("You are offline") }, { name: "robots", content: "noindex" }];
}

export default function Offline() {
  return (
    <section aria-labelledby="offline-title" className="mx-auto max-w-2xl px-4 py-16 text-center sm:px-6">
      <WifiOff aria-hidden="true" className="mx-auto size-12 text-brand-600" />
      <h1 id="offline-title" className="mt-4 text-title font-extrabold text-ink-900">
        You are offline
      </h1>
      <p className="mt-3 text-lg text-ink-600">
        This page is not saved on your phone. The rides you saved for the road open without a signal.
      </p>
      <a
        href={SAVED_RIDES_PATH}
        className="mt-8 inline-flex min-h-12 items-center rounded-full bg-brand-600 px-8 font-semibold text-white hover:bg-brand-700"
      >
        Your saved rides
      </a>
    </section>
  );
}
