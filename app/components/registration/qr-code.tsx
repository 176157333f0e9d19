import QRCode from "qrcode";

/** Light modules around the symbol, as the QR standard asks, so a camera finds its edges. */
const QUIET_ZONE = 4;

/**
 * The dark modules as one SVG path: each horizontal run of dark modules is one rectangle
 * (`M x y h n v 1 h -n z`), so a UPI link's symbol is a few hundred short commands.
 */
export function qrPath(text: string): { size: number; path: string } {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: "M" });
  const commands: string[] = [];
  for (let row = 0; row < modules.size; row++) {
    let column = 0;
    while (column < modules.size) {
      if (!modules.get(row, column)) {
        column++;
        continue;
      }
      const start = column;
      while (column < modules.size && modules.get(row, column)) column++;
      const run = column - start;
      commands.push(`M${start + QUIET_ZONE} ${row + QUIET_ZONE}h${run}v1h-${run}z`);
    }
  }
  return { size: modules.size + 2 * QUIET_ZONE, path: commands.join("") };
}

/**
 * A QR code drawn on the server as inline SVG: no script, no image request, no data: URL (the
 * page's Content-Security-Policy allows none of them to carry it anyway).
 */
export function QrCode({ text, label, className }: { text: string; label: string; className?: string }) {
  const { size, path } = qrPath(text);
  return (
    <svg
      viewBox={`0 0 ${size} ${size}`}
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
      className={className}
      data-testid="qr-code"
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
