/** The islands script of this build and the module it loads (scripts/vite/islands-script.ts). */
declare module "virtual:islands-script" {
  /** The script's code to write into the page, or (development) its URL; the runtime's URL. */
  const script: { code: string; src: string; runtime: string };
  export default script;
}
