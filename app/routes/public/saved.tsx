import { SavedRidesList } from "~/components/rider-pocket/ride-pack-islands";
import { pageTitle } from "~/domain/site";
import { Island } from "~/islands/island";

// '/saved': the rides kept on this device for offline use, read from the browser's caches by
// the island (the server knows nothing of them). The service worker keeps this page (decision 023).

export function meta() {
  return [{ title: pageTitle("Saved rides") }, { name: "robots", content: "noindex" }];
}

export default function SavedRides() {
  return (
    <section aria-labelledby="saved-title" className="mx-auto max-w-3xl px-4 py-14 sm:px-6 lg:px-8">
      <p className="text-sm font-semibold tracking-[0.2em] text-brand-600 uppercase">On this device</p>
      <h1 id="saved-title" className="mt-2 text-title font-extrabold text-ink-900">
        Saved rides
      </h1>
      <div className="mt-6">
        {/* At load: the list is the page, and only the browser's own storage knows it (decision 023). */}
        <Island name="saved-rides" component={SavedRidesList} props={{}} hydrate="load" />
      </div>
    </section>
  );
}
