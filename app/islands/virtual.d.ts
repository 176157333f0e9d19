/** The islands script of this build and the files it imports (scripts/vite/islands-script.ts). */
declare module "virtual:islands-script" {
  const script: {
    src: string;
    imports: string[];
    /** By an island's source file ('app/components/site-nav.tsx'): its chunk and what that imports. */
    islands: Record<string, string[]>;
  };
  export default script;
}
