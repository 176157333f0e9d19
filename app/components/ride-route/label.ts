/** Map and profile labels: small, legible over the line thanks to a white halo drawn under the letters. */
export const SVG_LABEL = "fill-ink-800 stroke-white text-[15px] font-medium [paint-order:stroke] [stroke-width:3px]";
