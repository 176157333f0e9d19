/**
 * What a feature removes from the admin's device when they sign out (app/features/slots/sign-out.ts),
 * run by the admin shell's Logout before the request goes.
 */
export type SignOutStep = () => void;
