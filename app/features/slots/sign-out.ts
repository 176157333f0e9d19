import type { SignOutStep } from "~/components/admin/sign-out";
import { forgetRideDays } from "~/features/ride-day/components/forget";

/** What the features remove from the admin's device at sign-out (the admin shell's Logout), in this order. */
export const signOutSteps: readonly SignOutStep[] = [forgetRideDays];
