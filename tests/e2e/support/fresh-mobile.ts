import { randomInt } from "node:crypto";

/**
 * A random Indian mobile number no other test uses. Every ten-digit number starting with 9 is a
 * valid mobile in libphonenumber's metadata; one in eight starting with 8 is not (a run failed
 * on "8046185550"), so the first digit is never random.
 */
export const freshMobile = () => `9${String(randomInt(1e9)).padStart(9, "0")}`;
