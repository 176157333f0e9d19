import { describe, expect, it } from "vitest";
import {
  canEditFeedback,
  canWithdrawFeedback,
  feedbackInputSchema,
  formatRatingSummary,
  MAX_WORDS_LENGTH,
  ratingLabel,
  ratingStars,
  ratingSummary,
  ratingSummaryLabel,
  reviewedStatus,
} from "./feedback";

describe("a rider's answer", () => {
  it("takes a rating from 1 to 5 and cleaned words", () => {
    expect(feedbackInputSchema.parse({ rating: "4", words: "  Great\u0007 ride,\r\nthank you  " })).toEqual({
      rating: 4,
      words: "Great ride,\nthank you",
    });
  });

  it("refuses a missing or out-of-range rating, empty or too long words, with a clear message", () => {
    const errors = (input: unknown) =>
      feedbackInputSchema.safeParse(input).error?.issues.map((issue) => issue.message) ?? [];
    expect(errors({ words: "Fine" })).toEqual(["Choose a rating from 1 to 5"]);
    expect(errors({ rating: "6", words: "Fine" })).toEqual(["Choose a rating from 1 to 5"]);
    expect(errors({ rating: "3.5", words: "Fine" })).toEqual(["Choose a rating from 1 to 5"]);
    expect(errors({ rating: "3", words: "   " })).toEqual(["Write a few words about the ride"]);
    expect(errors({ rating: "3", words: "a".repeat(MAX_WORDS_LENGTH + 1) })).toEqual([
      `Your words must be at most ${MAX_WORDS_LENGTH} characters`,
    ]);
    expect(errors({ rating: "3", words: "a".repeat(MAX_WORDS_LENGTH) })).toEqual([]);
  });
});

describe("what each state allows", () => {
  it("is editable until approved, withdrawable after", () => {
    expect(canEditFeedback("pending")).toBe(true);
    expect(canEditFeedback("hidden")).toBe(true);
    expect(canEditFeedback("approved")).toBe(false);
    expect(canEditFeedback("withdrawn")).toBe(false);
    expect(canWithdrawFeedback("approved")).toBe(true);
    expect(canWithdrawFeedback("pending")).toBe(false);
    expect(canWithdrawFeedback("withdrawn")).toBe(false);
  });

  it("is approved or hidden by an admin, but withdrawn words stay the rider's", () => {
    expect(reviewedStatus("pending", "approve")).toBe("approved");
    expect(reviewedStatus("approved", "hide")).toBe("hidden");
    expect(reviewedStatus("hidden", "approve")).toBe("approved");
    expect(reviewedStatus("withdrawn", "approve")).toBeNull();
  });
});

describe("ratings shown", () => {
  it("averages to one decimal with the count", () => {
    expect(ratingSummary([])).toBeNull();
    const summary = ratingSummary([5, 5, 4, 4, 5])!;
    expect(summary).toEqual({ average: 4.6, count: 5 });
    expect(formatRatingSummary(summary)).toBe("4.6 ★ (5)");
    expect(ratingSummaryLabel(summary)).toBe("Rated 4.6 out of 5 by 5 riders");
    expect(formatRatingSummary(ratingSummary([4])!)).toBe("4.0 ★ (1)");
  });

  it("draws stars with a text alternative", () => {
    expect(ratingStars(4)).toBe("★★★★☆");
    expect(ratingStars(1)).toBe("★☆☆☆☆");
    expect(ratingLabel(4)).toBe("4 out of 5");
  });
});
