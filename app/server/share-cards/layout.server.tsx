import satori from "satori";
import sharp from "sharp";
import logoMark from "~/assets/logo-mark.svg?raw";
import { SHARE_CARD_HEIGHT, SHARE_CARD_WIDTH, type ShareCard } from "~/domain/share-card";
import { SITE_NAME } from "~/domain/site";
import latin400 from "./fonts/inter-latin-400-normal.woff?inline";
import latin800 from "./fonts/inter-latin-800-normal.woff?inline";
import latinExt400 from "./fonts/inter-latin-ext-400-normal.woff?inline";
import latinExt800 from "./fonts/inter-latin-ext-800-normal.woff?inline";

// The share card's picture: satori lays the text out (Inter, shipped in ./fonts under the SIL
// Open Font License; its latin-ext half has the ₹ sign) as an SVG over a transparent ground,
// and sharp puts that over the ride's photo and writes a JPEG. Text becomes outlines in the
// SVG, so sharp needs no fonts of its own.

const INK_900 = "#151c28";
const BRAND_400 = "#f4883d";
const BRAND_600 = "#b8490c";
const SAND_50 = "#fbf8f3";
const PADDING_X = 60;
const PADDING_Y = 44;

/** A JPEG of this quality stays well under 300 KB at 1200 × 630, photo included. */
const JPEG_QUALITY = 80;

function fontData(dataUrl: string): Buffer {
  return Buffer.from(dataUrl.slice(dataUrl.indexOf(",") + 1), "base64");
}

let fonts: { name: string; data: Buffer; weight: 400 | 800; style: "normal" }[] | undefined;
function cardFonts() {
  fonts ??= [
    { name: "Inter", data: fontData(latin400), weight: 400, style: "normal" },
    { name: "Inter", data: fontData(latin800), weight: 800, style: "normal" },
    // A family of its own: under the same name satori would take the latin half's empty box for ₹.
    { name: "Inter Extended", data: fontData(latinExt400), weight: 400, style: "normal" },
    { name: "Inter Extended", data: fontData(latinExt800), weight: 800, style: "normal" },
  ];
  return fonts;
}

const LOGO = `data:image/svg+xml;base64,${Buffer.from(logoMark).toString("base64")}`;

function Pill({ text, background, color }: { text: string; background: string; color: string }) {
  return (
    <div
      style={{
        display: "flex",
        padding: "8px 24px",
        borderRadius: 999,
        background,
        color,
        fontSize: 34,
        fontWeight: 800,
      }}
    >
      {text}
    </div>
  );
}

/** Over a photo the text needs a dark ground below it; without a photo the card is in the brand's colours. */
const PHOTO_SHADE =
  "linear-gradient(180deg, rgba(21,28,40,0.6) 0%, rgba(21,28,40,0.1) 30%, rgba(21,28,40,0.8) 62%, rgba(21,28,40,0.95) 100%)";
const BRAND_GROUND = `linear-gradient(135deg, ${INK_900} 0%, #374254 60%, ${BRAND_600} 100%)`;

function CardText({ card, withPhoto }: { card: ShareCard; withPhoto: boolean }) {
  const titleSize = card.title.length > 32 ? 54 : 64;
  return (
    <div
      style={{
        width: SHARE_CARD_WIDTH,
        height: SHARE_CARD_HEIGHT,
        display: "flex",
        fontFamily: "Inter",
        color: SAND_50,
        backgroundImage: withPhoto ? PHOTO_SHADE : BRAND_GROUND,
      }}
    >
      {/* Satori sizes a box without its padding: margins inside a full-size box keep the text in. */}
      <div
        style={{
          width: SHARE_CARD_WIDTH - 2 * PADDING_X,
          height: SHARE_CARD_HEIGHT - 2 * PADDING_Y,
          margin: `${PADDING_Y}px ${PADDING_X}px`,
          display: "flex",
          flexDirection: "column",
          justifyContent: "space-between",
        }}
      >
        <div style={{ display: "flex", alignItems: "center" }}>
          <img src={LOGO} width={72} height={72} alt="" />
          <div style={{ display: "flex", marginLeft: 20, fontSize: 40, fontWeight: 800 }}>{SITE_NAME}</div>
        </div>
        <div style={{ display: "flex", flexDirection: "column" }}>
          <div style={{ display: "block", fontSize: titleSize, fontWeight: 800, lineHeight: 1.15, lineClamp: 2 }}>
            {card.title}
          </div>
          {card.subtitle ? (
            <div
              style={{
                display: "block",
                marginTop: 16,
                fontSize: card.price || card.seats ? 34 : 32,
                lineHeight: 1.3,
                lineClamp: 3,
                color: "#eef1f5",
              }}
            >
              {card.subtitle}
            </div>
          ) : null}
          {card.price || card.seats ? (
            <div style={{ display: "flex", marginTop: 24, gap: 20 }}>
              {card.price ? <Pill text={card.price} background={BRAND_400} color={INK_900} /> : null}
              {card.seats ? <Pill text={card.seats} background={SAND_50} color={INK_900} /> : null}
            </div>
          ) : null}
        </div>
      </div>
    </div>
  );
}

/** The card as a JPEG, 1200 × 630: the photo (any format sharp reads) under the text, or the brand's colours. */
export async function renderShareCard(card: ShareCard, photo: Buffer | null): Promise<Buffer> {
  const svg = await satori(<CardText card={card} withPhoto={photo !== null} />, {
    width: SHARE_CARD_WIDTH,
    height: SHARE_CARD_HEIGHT,
    fonts: cardFonts(),
  });
  const overlay = Buffer.from(svg);
  const ground = photo
    ? sharp(photo).rotate().resize(SHARE_CARD_WIDTH, SHARE_CARD_HEIGHT, { fit: "cover", position: "attention" })
    : sharp({
        create: { width: SHARE_CARD_WIDTH, height: SHARE_CARD_HEIGHT, channels: 3, background: INK_900 },
      });
  return ground
    .composite([{ input: overlay, top: 0, left: 0 }])
    .flatten({ background: INK_900 })
    .jpeg({ quality: JPEG_QUALITY, mozjpeg: true })
    .toBuffer();
}
