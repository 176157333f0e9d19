import { z } from "zod";
import {
  flag,
  httpUrl,
  imageUrl,
  line,
  optionalHttpUrl,
  optionalImageUrl,
  requiredMultilineText,
  requiredText,
  text,
} from "./fields";
import { UPI_ID } from "./registration/payment";

export const heroSlideInputSchema = z.object({
  title: requiredText("Title is required"),
  subtitle: requiredText("Subtitle is required"),
  tagline: requiredText("Tagline is required"),
  cta: requiredText("Button text is required"),
  background: imageUrl("Background must be a valid URL"),
  isActive: flag(true),
});
export type HeroSlideInput = z.infer<typeof heroSlideInputSchema>;
export type HeroSlide = HeroSlideInput & { id: string; order: number; createdAt: string; updatedAt: string };

export const DEFAULT_CTA_TEXT = "Know More";

export const featuredRideInputSchema = z.object({
  title: requiredText("Banner title is required"),
  subtitle: requiredText("Ride title is required"),
  description: requiredMultilineText("Description is required"),
  image: optionalImageUrl("Image must be a valid URL"),
  ctaText: requiredText("Button text is required").default(DEFAULT_CTA_TEXT),
  /**
   * Internal path (/ride/…) or an http(s) URL; empty means "first upcoming ride". A path may
   * hold no backslash or whitespace: browsers read '/\evil.com' and '/\t/evil.com' as
   * '//evil.com', a link to another site.
   */
  ctaLink: z
    .union(
      [
        z.literal(""),
        httpUrl("Button link must be a valid URL"),
        line().regex(/^\/(?!\/)[^\s\\]*$/, "Button link must be a valid URL"),
      ],
      { error: "Button link must be a valid URL" },
    )
    .default(""),
  isActive: flag(true),
});
export type FeaturedRideInput = z.infer<typeof featuredRideInputSchema>;
export type FeaturedRide = FeaturedRideInput & { updatedAt: string | null };

const UPI_ID_MESSAGE = "UPI id must look like name@bank";
const MAX_UPI_NAME_LENGTH = 100;

export const configInputSchema = z.object({
  company: z.object({
    name: text(),
    email: z
      .union([z.literal(""), z.email("Please enter a valid email address")], {
        error: "Please enter a valid email address",
      })
      .default(""),
    phone: text(),
    location: text(),
    businessHours: text(),
    // The payee of registrations' booking amounts (decision 019): absent in configurations saved
    // before.
    upiId: line(UPI_ID_MESSAGE)
      .refine((id) => id === "" || UPI_ID.test(id), UPI_ID_MESSAGE)
      .optional(),
    upiName: line()
      .max(MAX_UPI_NAME_LENGTH, `UPI payee name must be at most ${MAX_UPI_NAME_LENGTH} characters`)
      .optional(),
  }),
  socialMedia: z.object({
    instagram: optionalHttpUrl("Instagram link must be a valid URL"),
    youtube: optionalHttpUrl("YouTube link must be a valid URL"),
    whatsapp: optionalHttpUrl("WhatsApp link must be a valid URL"),
    email: z
      .union(
        [
          z.literal(""),
          line().regex(/^mailto:[^\s@]+@[^\s@]+$/, "Email link must be a mailto: link"),
          httpUrl("Email link must be a valid URL"),
        ],
        { error: "Email link must be a mailto: or http(s) link" },
      )
      .default(""),
  }),
  googleForm: optionalHttpUrl("Community form link must be a valid URL"),
});
export type SiteConfig = z.infer<typeof configInputSchema>;

export type Stats = {
  completedRides: number;
  happyRiders: number;
  kilometersCovered: number;
  monthsOfAdventure: number;
  isAutoCalculated: boolean;
  lastUpdated: string | null;
};

export const loginSchema = z.object({
  email: requiredText("Email is required").pipe(z.email("Please enter a valid email address")),
  password: z.string({ error: "Password is required" }).min(1, "Password is required"),
});
export type LoginInput = z.infer<typeof loginSchema>;

export type User = {
  id: string;
  email: string;
  displayName: string;
  role: string;
  createdAt: string;
  lastLoginAt: string | null;
};
