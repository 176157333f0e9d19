import { BellRing } from "lucide-react";
import { type ReactNode, useEffect, useState } from "react";
import { PUSH_SUBSCRIBE, PUSH_UNSUBSCRIBE } from "~/features/rider-messages/domain/push-message";

// "Get updates on this phone" on the rider's booking page (docs/features/push.md): an island
// that subscribes the service worker to Web Push with the site's VAPID key and posts the
// subscription to the page's action. Without script, push support or the site's keys it says
// so in words; there is never a button that cannot work.

export type PushUpdatesProps = {
  /** The booking page's own address: the on and off posts go there. */
  action: string;
  /** The site's VAPID public key (base64url); null when the site sends no push. */
  publicKey: string | null;
  /** SHA-256 (hex) of the endpoints of the phones that are on: this one is on if its own is here. */
  phones: string[];
};

type State =
  "checking" | "unsupported" | "blocked" | "off" | "on" | "turning-on" | "turning-off" | { failed: "on" | "off" };

const EXPLAIN =
  "A notification on this phone when the organisers send news of the ride or a change to your booking. It works while the browser is closed.";
const NOT_HERE = "Your booking page and mail still say everything the notifications would.";

function Section({ children }: { children: ReactNode }) {
  return (
    <section aria-labelledby="push-heading" className="space-y-3 border-t border-ink-100 pt-8">
      <h2 id="push-heading" className="flex items-center gap-2 text-xl font-bold text-ink-900">
        <BellRing aria-hidden="true" className="size-5 text-brand-600" />
        Updates on this phone
      </h2>
      {children}
    </section>
  );
}

/** The page without push: the site has no VAPID keys (rendered by the server alone, no island). */
export function PushUpdatesOff() {
  return (
    <Section>
      <p className="text-ink-700">This site does not send notifications. {NOT_HERE}</p>
    </Section>
  );
}

const canPush = () =>
  typeof window !== "undefined" &&
  window.isSecureContext &&
  "serviceWorker" in navigator &&
  "PushManager" in window &&
  "Notification" in window;

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

function base64UrlBytes(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(binary, (character) => character.charCodeAt(0));
}

function sameKey(key: ArrayBuffer | null, publicKey: string): boolean {
  if (!key) return false;
  const expected = base64UrlBytes(publicKey);
  const given = new Uint8Array(key);
  return given.length === expected.length && given.every((byte, index) => byte === expected[index]);
}

/** The service worker of the public pages (decision 023): the islands script registers it too. */
async function worker(): Promise<ServiceWorkerRegistration> {
  await navigator.serviceWorker.register("/sw.js");
  return navigator.serviceWorker.ready;
}

/** This browser's subscription with the site's key; one made with an older key is replaced. */
async function subscribe(publicKey: string): Promise<PushSubscription> {
  const { pushManager } = await worker();
  const current = await pushManager.getSubscription();
  if (current && sameKey(current.options.applicationServerKey, publicKey)) return current;
  await current?.unsubscribe();
  return pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: base64UrlBytes(publicKey) });
}

/** Posts to the page's action as its forms do; the answer is a redirect back to the page. */
async function post(action: string, fields: Record<string, string>): Promise<boolean> {
  const response = await fetch(action, {
    method: "POST",
    body: new URLSearchParams(fields),
    credentials: "same-origin",
    redirect: "manual",
  });
  return response.type === "opaqueredirect" || response.ok;
}

export function PushUpdates({ action, publicKey, phones }: PushUpdatesProps) {
  const [state, setState] = useState<State>("checking");

  useEffect(() => {
    let live = true;
    const look = async (): Promise<State> => {
      if (!publicKey || !canPush()) return "unsupported";
      if (Notification.permission === "denied") return "blocked";
      const registration = await navigator.serviceWorker.getRegistration("/");
      const subscription = await registration?.pushManager.getSubscription();
      if (!subscription || Notification.permission !== "granted") return "off";
      return phones.includes(await sha256Hex(subscription.endpoint)) ? "on" : "off";
    };
    const show = async () => {
      const found = await look().catch((): State => "off");
      if (live) setState(found);
    };
    void show();
    return () => {
      live = false;
    };
  }, [publicKey, phones]);

  if (!publicKey) return <PushUpdatesOff />;

  const turnOn = async () => {
    setState("turning-on");
    try {
      if ((await Notification.requestPermission()) !== "granted") return setState("blocked");
      const { endpoint, keys } = (await subscribe(publicKey)).toJSON();
      const saved = await post(action, {
        intent: PUSH_SUBSCRIBE,
        endpoint: endpoint ?? "",
        p256dh: keys?.p256dh ?? "",
        auth: keys?.auth ?? "",
      });
      setState(saved ? "on" : { failed: "on" });
    } catch {
      setState({ failed: "on" });
    }
  };

  // The browser's subscription stays: other bookings on this phone may follow it. This booking
  // no longer sends to it.
  const turnOff = async () => {
    setState("turning-off");
    try {
      const subscription = await (await navigator.serviceWorker.getRegistration("/"))?.pushManager.getSubscription();
      const saved =
        !subscription || (await post(action, { intent: PUSH_UNSUBSCRIBE, endpoint: subscription.endpoint }));
      setState(saved ? "off" : { failed: "off" });
    } catch {
      setState({ failed: "off" });
    }
  };

  if (state === "unsupported") {
    return (
      <Section>
        <p className="text-ink-700">
          This browser cannot show this site&apos;s notifications (on an iPhone, add the site to the Home Screen first).{" "}
          {NOT_HERE}
        </p>
      </Section>
    );
  }
  if (state === "blocked") {
    return (
      <Section>
        <p className="text-ink-700">
          Notifications from this site are blocked in this browser&apos;s settings. Allow them there to get updates on
          this phone. {NOT_HERE}
        </p>
      </Section>
    );
  }

  const on = state === "on" || state === "turning-off" || (typeof state === "object" && state.failed === "off");
  const busy = state === "checking" || state === "turning-on" || state === "turning-off";
  return (
    <Section>
      <p className="text-ink-700">{EXPLAIN}</p>
      <p className="hidden text-sm text-ink-600 noscript:block">Updates on this phone need JavaScript. {NOT_HERE}</p>
      <button
        type="button"
        role="switch"
        aria-checked={on}
        disabled={busy}
        onClick={on ? turnOff : turnOn}
        // Kept in its place but unseen until the island knows whether this phone is on.
        className={`flex min-h-11 items-center gap-3 rounded-xl font-semibold text-ink-900 disabled:text-ink-600 noscript:hidden ${state === "checking" ? "invisible" : ""}`}
      >
        <span
          aria-hidden="true"
          className={`relative h-7 w-12 shrink-0 rounded-full transition ${on ? "bg-success-600" : "bg-ink-200"}`}
        >
          <span
            className={`absolute top-1 size-5 rounded-full bg-white shadow transition-all ${on ? "left-6" : "left-1"}`}
          />
        </span>
        Get updates on this phone
      </button>
      <p role="status" className="min-h-5 text-sm text-ink-700 noscript:hidden">
        {typeof state === "object"
          ? "That could not be saved right now. Check your connection and try again."
          : state === "on"
            ? "On: this phone gets this booking's updates."
            : ""}
      </p>
    </Section>
  );
}
