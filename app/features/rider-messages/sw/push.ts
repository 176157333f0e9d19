import type { WorkerEvent, WorkerPart } from "~/sw/worker-part";
import { readPushMessage } from "../domain/push-message";

type PushEvent = WorkerEvent & { data: { text(): string } | null };
type NotificationClickEvent = WorkerEvent & { notification: Notification };

/**
 * Web Push to riders who turned on "Get updates on this phone" on their booking page
 * (docs/features/push.md), in the public site's service worker. Every push shows a notification,
 * as `userVisibleOnly` promises; a tap opens the page it names, on this site only, in a tab of
 * the site already open if any.
 */
export const pushNotifications: WorkerPart = (worker) => {
  worker.addEventListener("push", (event: PushEvent) => {
    const message = readPushMessage(event.data?.text(), worker.location.origin);
    event.waitUntil(
      worker.registration.showNotification(message.title, {
        body: message.body,
        icon: "/icons/icon-192.png",
        data: { url: message.url },
      }),
    );
  });

  async function openPage(url: string): Promise<void> {
    const windows = await worker.clients.matchAll({ type: "window", includeUncontrolled: true });
    const open = windows.find((client) => client.url === url);
    if (open) await open.focus();
    else await worker.clients.openWindow(url);
  }

  worker.addEventListener("notificationclick", (event: NotificationClickEvent) => {
    event.notification.close();
    const { url } = (event.notification.data ?? {}) as { url?: string };
    // Read again: a notification shown by an older worker may carry anything.
    event.waitUntil(openPage(readPushMessage(JSON.stringify({ url }), worker.location.origin).url));
  });
};
