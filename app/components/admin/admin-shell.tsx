import * as Dialog from "@radix-ui/react-dialog";
import { ExternalLink, LogOut, Menu, X } from "lucide-react";
import { useEffect, useState } from "react";
import { Form, useLocation, useNavigation } from "react-router";
import { SITE_NAME } from "~/domain/site";
import { clearAdminFlag, setAdminFlag } from "./admin-flag";
import { AdminNav } from "./admin-nav";
import { ADMIN_LOGOUT_PATH } from "~/domain/admin-links";
import { signOutSteps } from "~/features/slots/sign-out";

export type ShellUser = { email: string; displayName: string; role: string };

/**
 * The frame of every admin page (product.md#admin-shell): a header with 'View Site' and 'Logout', the section
 * sidebar, and the page. Below the md breakpoint the sidebar folds behind a menu button and
 * opens as a drawer (a modal dialog: focus stays inside, Escape closes it).
 */
export function AdminShell({ user, children }: { user: ShellUser; children: React.ReactNode }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const { pathname } = useLocation();
  const navigation = useNavigation();

  // Back/forward changes the page without a click on a link: the drawer must not stay open over it.
  const [shownPath, setShownPath] = useState(pathname);
  if (shownPath !== pathname) {
    setShownPath(pathname);
    setMenuOpen(false);
  }

  useEffect(setAdminFlag, []);

  return (
    // Printed (the emergency sheet), a page is its content alone, black on white.
    <div className="min-h-svh bg-ink-50 print:min-h-0 print:bg-white">
      <a
        href="#admin-main"
        className="sr-only rounded bg-white px-4 py-2 font-semibold text-ink-900 focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 print:hidden"
      >
        Skip to content
      </a>
      <header className="sticky top-0 z-30 border-b border-ink-200 bg-white print:hidden">
        <div className="flex h-nav items-center gap-3 px-4 sm:px-6">
          <Dialog.Root open={menuOpen} onOpenChange={setMenuOpen}>
            <Dialog.Trigger className="inline-flex size-11 items-center justify-center rounded-lg text-ink-800 hover:bg-ink-100 md:hidden">
              <Menu aria-hidden="true" className="size-6" />
              <span className="sr-only">Open admin menu</span>
            </Dialog.Trigger>
            <Dialog.Portal>
              <Dialog.Overlay className="fixed inset-0 z-40 bg-ink-950/60 md:hidden" />
              <Dialog.Content className="fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col gap-4 bg-white p-4 shadow-2xl md:hidden">
                <div className="flex items-center justify-between">
                  <Dialog.Title className="font-display text-lg font-bold text-ink-900">Admin menu</Dialog.Title>
                  <Dialog.Close className="inline-flex size-11 items-center justify-center rounded-lg text-ink-800 hover:bg-ink-100">
                    <X aria-hidden="true" className="size-6" />
                    <span className="sr-only">Close admin menu</span>
                  </Dialog.Close>
                </div>
                <Dialog.Description className="sr-only">Sections of the admin portal</Dialog.Description>
                <nav aria-label="Admin sections">
                  <AdminNav role={user.role} onNavigate={() => setMenuOpen(false)} />
                </nav>
              </Dialog.Content>
            </Dialog.Portal>
          </Dialog.Root>

          <p className="font-display text-lg font-bold text-ink-900">
            {SITE_NAME} <span className="text-brand-700">Admin</span>
          </p>

          <div className="ml-auto flex items-center gap-2 sm:gap-3">
            <span className="hidden max-w-56 truncate text-sm text-ink-600 lg:inline" title={user.email}>
              {user.displayName || user.email}
            </span>
            <a
              href="/"
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex min-h-11 items-center gap-2 rounded-lg border border-ink-200 px-3 text-sm font-semibold text-ink-800 hover:bg-ink-100"
            >
              <ExternalLink aria-hidden="true" className="size-4" />
              View Site
              <span className="sr-only">(opens in a new tab)</span>
            </a>
            <Form
              method="post"
              action={ADMIN_LOGOUT_PATH}
              onSubmit={() => {
                clearAdminFlag();
                for (const forget of signOutSteps) forget();
              }}
            >
              <button
                type="submit"
                className="inline-flex min-h-11 items-center gap-2 rounded-lg bg-ink-900 px-3 text-sm font-semibold text-white hover:bg-ink-700"
              >
                <LogOut aria-hidden="true" className="size-4" />
                Logout
              </button>
            </Form>
          </div>
        </div>
      </header>

      <div className="flex">
        <nav
          aria-label="Admin sections"
          className="sticky top-nav hidden h-[calc(100svh-var(--spacing-nav))] w-64 shrink-0 overflow-y-auto border-r border-ink-200 bg-white p-4 md:block print:hidden"
        >
          <AdminNav role={user.role} />
        </nav>
        <main
          id="admin-main"
          tabIndex={-1}
          aria-busy={navigation.state === "loading"}
          className="min-w-0 flex-1 p-4 outline-none sm:p-6 lg:p-8 print:p-0"
        >
          {children}
        </main>
      </div>
    </div>
  );
}
