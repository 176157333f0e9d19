import { Search } from "lucide-react";
import { Form, Link } from "react-router";
import { DUES_FILTER_LABELS, DUES_FILTERS } from "~/domain/registration/dues";
import { REGISTRATION_STATUSES } from "~/domain/registration/settings";
import { ADMIN_STATUS_LABELS } from "~/domain/registration/riders-page";
import { inputClass } from "../form/fields";

type Filters = { status: string; payment: string; search: string };

/** Search and filters as a plain GET form: the URL keeps them, so a reload or a shared link shows the same list. */
export function RidersFilters({ filters }: { filters: Filters }) {
  const filtered = Boolean(filters.status || filters.payment || filters.search);
  return (
    <Form method="get" role="search" aria-label="Riders" className="grid gap-3 sm:grid-cols-[1fr_auto_auto_auto]">
      <div>
        <label htmlFor="riders-search" className="block text-sm font-medium text-ink-800">
          Search
        </label>
        <input
          id="riders-search"
          name="search"
          type="search"
          defaultValue={filters.search}
          placeholder="Name, mobile, email or reference"
          className={`mt-1 ${inputClass}`}
        />
      </div>
      <div>
        <label htmlFor="riders-status" className="block text-sm font-medium text-ink-800">
          Status
        </label>
        <select id="riders-status" name="status" defaultValue={filters.status} className={`mt-1 ${inputClass}`}>
          <option value="">All</option>
          {REGISTRATION_STATUSES.map((status) => (
            <option key={status} value={status}>
              {ADMIN_STATUS_LABELS[status]}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="riders-payment" className="block text-sm font-medium text-ink-800">
          Payment
        </label>
        <select id="riders-payment" name="payment" defaultValue={filters.payment} className={`mt-1 ${inputClass}`}>
          <option value="">All</option>
          {DUES_FILTERS.map((payment) => (
            <option key={payment} value={payment}>
              {DUES_FILTER_LABELS[payment]}
            </option>
          ))}
        </select>
      </div>
      <div className="flex items-end gap-2">
        <button
          type="submit"
          className="inline-flex min-h-11 items-center gap-2 rounded-md bg-brand-600 px-4 font-semibold text-white hover:bg-brand-700"
        >
          <Search aria-hidden="true" className="size-4" />
          Apply
        </button>
        {filtered && (
          <Link to="?" className="inline-flex min-h-11 items-center px-2 text-sm font-medium text-brand-700 underline">
            Clear
          </Link>
        )}
      </div>
    </Form>
  );
}
