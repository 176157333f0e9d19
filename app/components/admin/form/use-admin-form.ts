import { useCallback, useEffect, useEffectEvent, useRef, useState } from "react";
import { type SubmitTarget, useFetcher } from "react-router";
import type { z } from "zod";
import { parseOrErrors } from "~/domain/validation";
import { type ActionResult, isActionResult } from "~/domain/action-result";

type AdminFormOptions = {
  /** The shared schema the server validates with; checked first so most mistakes need no round trip. */
  schema: z.ZodType;
  onMessage: (text: string) => void;
  onSaved?: (result: ActionResult & { ok: true }) => void;
  onFailed?: (result: ActionResult & { ok: false }) => void;
};

/**
 * Submission of an admin form as JSON through a fetcher, with the form's rules
 * (product.md#ride-validation and the other admin forms) checked in the browser and again by
 * the action: each field's message is shown beside it (see fields.tsx) and the first invalid
 * field receives the focus, so keyboard and screen-reader users land on what needs fixing.
 */
export function useAdminForm({ schema, onMessage, onSaved, onFailed }: AdminFormOptions) {
  const fetcher = useFetcher<ActionResult>();
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [focusRequest, setFocusRequest] = useState(0);
  const [seenResult, setSeenResult] = useState<unknown>(undefined);

  // The server's field messages replace the form's as soon as its answer arrives.
  if (fetcher.data !== seenResult) {
    setSeenResult(fetcher.data);
    if (isActionResult(fetcher.data) && !fetcher.data.ok && fetcher.data.errors) {
      setErrors(fetcher.data.errors);
      setFocusRequest((count) => count + 1);
    }
  }

  useEffect(() => {
    if (focusRequest) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusRequest]);

  const onResult = useEffectEvent((result: unknown) => {
    if (!isActionResult(result)) return;
    onMessage(result.message);
    if (result.ok) onSaved?.(result);
    else onFailed?.(result);
  });
  useEffect(() => onResult(fetcher.data), [fetcher.data]);

  /** Forgets a field's message once the admin edits it (`paths` are error keys or their prefix). */
  const clearErrors = useCallback((...paths: string[]) => {
    setErrors((previous) => {
      const keys = Object.keys(previous).filter((key) =>
        paths.some((path) => key === path || key.startsWith(`${path}.`)),
      );
      if (keys.length === 0) return previous;
      const next = { ...previous };
      for (const key of keys) delete next[key];
      return next;
    });
  }, []);

  const saving = fetcher.state !== "idle";

  /** Validates `input` and, when it passes, sends `payload` (which carries it) to the route's action. */
  function submit(input: unknown, payload: SubmitTarget): void {
    if (saving) return;
    const checked = parseOrErrors(schema, input);
    if (!checked.ok) {
      setErrors(checked.errors);
      setFocusRequest((count) => count + 1);
      return;
    }
    setErrors({});
    void fetcher.submit(payload, { method: "post", encType: "application/json" });
  }

  return { formRef, errors, clearErrors, saving, submit };
}
