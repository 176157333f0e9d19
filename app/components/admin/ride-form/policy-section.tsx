import { Plus, X } from "lucide-react";
import { memo } from "react";
import { FieldError } from "~/components/form/field";
import {
  cancellationPolicySchema,
  effectivePolicy,
  legacyPolicy,
  MAX_FEE_RUPEES,
  MAX_TIER_DAYS,
  MAX_TIERS,
} from "~/domain/registration/cancellation-policy";
import { policySentences } from "~/domain/registration/policy-sentences";
import { Checkbox, FormSection, TextArea, TextInput } from "../form/fields";
import type { CancellationDraft } from "./draft";
import { fieldId, type SectionProps } from "./section-props";

const ONE_PER_LINE = "One point per line. Visitors see the default policy while this is empty.";

const smallButton =
  "inline-flex min-h-10 items-center gap-1 rounded-md border border-ink-300 px-3 text-sm font-medium text-ink-800 hover:bg-ink-50";

/** The rules as riders will read them, while what is typed is valid; else nothing (the errors say why on save). */
function preview(cancellation: CancellationDraft): string[] {
  const parsed = cancellationPolicySchema.safeParse(cancellation);
  return parsed.success ? policySentences(effectivePolicy(parsed.data)) : [];
}

/**
 * The cancellation rules (docs/features/cancellation.md): tiers of days before the start and the
 * share kept, a flat fee, a non-refundable booking amount. A ride without them keeps its old rule
 * until an admin sets some; every booking keeps the rules it was made under.
 */
function CancellationRules({ draft, errors, update }: SectionProps) {
  const { registration } = draft;
  const cancellation = registration.cancellation;
  const change = (next: CancellationDraft | null) => update("registration", { ...registration, cancellation: next });
  const error = (path: string) => errors[`registration.cancellation.${path}`];
  if (!cancellation) {
    const old = policySentences(legacyPolicy(registration.creditOnCancel)).join(". ");
    return (
      <div className="space-y-2">
        <p className="text-sm text-ink-700">{`No cancellation rules set: ${old}.`}</p>
        <button
          type="button"
          className={smallButton}
          onClick={() => change({ tiers: [{ daysBefore: "", keepPercent: "" }], fee: "", bookingAmountKept: false })}
        >
          <Plus aria-hidden="true" className="size-4" />
          Set cancellation rules
        </button>
      </div>
    );
  }
  const tiers = cancellation.tiers;
  const setTier = (index: number, patch: Partial<CancellationDraft["tiers"][number]>) =>
    change({ ...cancellation, tiers: tiers.map((tier, at) => (at === index ? { ...tier, ...patch } : tier)) });
  const sentences = preview(cancellation);
  return (
    <fieldset className="space-y-3">
      <legend className="font-semibold text-ink-900">Cancellation rules</legend>
      <p className="text-sm text-ink-700">
        Each tier: from this many days before the start, the share of what was paid that is kept. Fewer days than every
        tier: everything is kept. Bookings keep the rules they were made under.
      </p>
      <ul className="space-y-2" aria-label="Tiers">
        {tiers.map((tier, index) => (
          // A tier is named by its position (Tier 1, Tier 2), as its fields' ids and errors are.
          // oxlint-disable-next-line react/no-array-index-key
          <li key={index} className="grid grid-cols-[1fr_1fr_auto] items-end gap-2">
            <TextInput
              id={fieldId(`registration.cancellation.tiers.${index}.daysBefore`)}
              label={`Tier ${index + 1}: at least (days before)`}
              type="number"
              inputMode="numeric"
              min={0}
              max={MAX_TIER_DAYS}
              value={tier.daysBefore}
              onChange={(daysBefore) => setTier(index, { daysBefore })}
              error={error(`tiers.${index}.daysBefore`)}
            />
            <TextInput
              id={fieldId(`registration.cancellation.tiers.${index}.keepPercent`)}
              label={`Tier ${index + 1}: % kept`}
              type="number"
              inputMode="numeric"
              min={0}
              max={100}
              value={tier.keepPercent}
              onChange={(keepPercent) => setTier(index, { keepPercent })}
              error={error(`tiers.${index}.keepPercent`)}
            />
            <button
              type="button"
              onClick={() => change({ ...cancellation, tiers: tiers.filter((_, at) => at !== index) })}
              className="inline-flex size-11 items-center justify-center rounded-md border border-ink-300 text-ink-700 hover:bg-ink-50"
            >
              <X aria-hidden="true" className="size-4" />
              <span className="sr-only">Remove tier {index + 1}</span>
            </button>
          </li>
        ))}
      </ul>
      <FieldError id={fieldId("registration.cancellation.tiers")} error={error("tiers")} />
      {tiers.length < MAX_TIERS ? (
        <button
          type="button"
          className={smallButton}
          onClick={() => change({ ...cancellation, tiers: [...tiers, { daysBefore: "", keepPercent: "" }] })}
        >
          <Plus aria-hidden="true" className="size-4" />
          Add a tier
        </button>
      ) : null}
      <TextInput
        id={fieldId("registration.cancellation.fee")}
        label="Fee on every cancellation (₹)"
        optional
        type="number"
        inputMode="numeric"
        min={0}
        max={MAX_FEE_RUPEES}
        value={cancellation.fee}
        onChange={(fee) => change({ ...cancellation, fee })}
        error={error("fee")}
        hint="Whole rupees; never more than what was paid"
      />
      <Checkbox
        id={fieldId("registration.cancellation.bookingAmountKept")}
        label="The booking amount is not refundable"
        checked={cancellation.bookingAmountKept}
        onChange={(bookingAmountKept) => change({ ...cancellation, bookingAmountKept })}
      />
      {sentences.length > 0 ? (
        <div className="rounded-md bg-ink-50 p-3 text-sm text-ink-800" data-testid="policy-preview">
          <p className="font-medium">Riders read:</p>
          <ul className="list-disc pl-5">
            {sentences.map((sentence) => (
              <li key={sentence}>{sentence}</li>
            ))}
          </ul>
        </div>
      ) : null}
    </fieldset>
  );
}

export const PolicySection = memo(function PolicySection({ draft, errors, update }: SectionProps) {
  return (
    <FormSection title="Policy">
      <CancellationRules draft={draft} errors={errors} update={update} />
      <TextArea
        id={fieldId("cancellationPolicy")}
        label="Cancellation policy (in words)"
        optional
        value={draft.cancellationPolicy}
        onChange={(value) => update("cancellationPolicy", value)}
        error={errors.cancellationPolicy}
        hint={ONE_PER_LINE}
      />
      <TextArea
        id={fieldId("paymentTerms")}
        label="Payment terms"
        optional
        value={draft.paymentTerms}
        onChange={(value) => update("paymentTerms", value)}
        error={errors.paymentTerms}
        hint={ONE_PER_LINE}
      />
    </FormSection>
  );
});

export const HowToJoinSection = memo(function HowToJoinSection({ draft, errors, update }: SectionProps) {
  return (
    <FormSection title="How to join">
      <TextArea
        id={fieldId("howToJoin")}
        label="How to join this trip"
        optional
        value={draft.howToJoin}
        onChange={(value) => update("howToJoin", value)}
        error={errors.howToJoin}
        hint="Shown on the ride page only when filled in"
      />
    </FormSection>
  );
});
