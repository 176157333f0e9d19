// The public site's service worker (sw.ts) as the features' parts of it see it: the globals the
// DOM library the project compiles with lacks. The parts are listed in
// app/features/slots/service-worker.ts (decision 050).

/** A worker's event: the worker stays up until what its listener started is done. */
export type WorkerEvent = Event & { waitUntil(promise: Promise<unknown>): void };

/** A tab of the site. */
export type WindowClient = { url: string; focus(): Promise<unknown> };

export type WorkerScope = {
  location: Location;
  clients: {
    get(id: string): Promise<{ url: string } | undefined>;
    matchAll(options: { type: "window"; includeUncontrolled: boolean }): Promise<WindowClient[]>;
    openWindow(url: string): Promise<unknown>;
  };
  registration: ServiceWorkerRegistration;
  skipWaiting(): Promise<void>;
  addEventListener<Listened extends WorkerEvent>(type: string, listener: (event: Listened) => void): void;
};

/** A feature's part of the worker: the listeners it adds, once, as the worker starts. */
export type WorkerPart = (worker: WorkerScope) => void;
