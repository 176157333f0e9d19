import { createRequire } from "node:module";
import PDFDocument from "pdfkit";
import { formatIndianTime } from "~/domain/indian-time";
import { DOCUMENT_TITLES, type DocumentBody } from "~/features/money-documents/domain/document";
import { formatRate } from "~/features/money-documents/domain/gst";
import { formatDocumentAmount } from "~/features/money-documents/domain/money";

// A money document as a PDF (pdfkit): text, so it can be selected, searched and read back;
// DejaVu Sans embedded (from the dejavu-fonts-ttf package), since the PDF's own fonts have no ₹.

const require = createRequire(import.meta.url);
const REGULAR = require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans.ttf");
const BOLD = require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf");

const LEFT = 50;
const WIDTH = 495;
const AMOUNT_X = 395;
const AMOUNT_WIDTH = 150;

/** The document's PDF, in memory (a page or two). */
export function documentPdf(body: DocumentBody): Promise<Buffer> {
  const pdf = new PDFDocument({
    size: "A4",
    margin: LEFT,
    font: REGULAR,
    info: { Title: `${body.title} ${body.code}`, Author: body.organiser.name || "Roadbook" },
  });
  const chunks: Buffer[] = [];
  pdf.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on("end", () => resolve(Buffer.concat(chunks)));
    pdf.on("error", reject);
  });
  pdf.registerFont("regular", REGULAR);
  pdf.registerFont("bold", BOLD);
  draw(pdf, body);
  pdf.end();
  return done;
}

function draw(pdf: PDFKit.PDFDocument, body: DocumentBody): void {
  pdf.font("bold").fontSize(18).text(body.title, LEFT, 50);
  pdf.font("regular").fontSize(10).moveDown(0.3);
  pdf.text(`No. ${body.code}`);
  pdf.text(`Date: ${formatIndianTime(body.issuedAt)}`);
  pdf.moveDown();

  if (body.organiser.name) pdf.font("bold").text(body.organiser.name).font("regular");
  if (body.organiser.address) pdf.text(body.organiser.address);
  if (body.organiser.gstin) pdf.text(`GSTIN: ${body.organiser.gstin}`);
  pdf.moveDown();

  pdf.font("bold").text("To").font("regular");
  pdf.text(body.rider.name || "The rider of the booking below");
  if (body.rider.gstin) pdf.text(`GSTIN: ${body.rider.gstin}`);
  pdf.text(
    `Booking ${body.booking.reference}: ${body.booking.ride}${body.booking.rideDates ? `, ${body.booking.rideDates}` : ""}`,
  );
  if (body.placeOfSupply) pdf.text(`Place of supply: ${body.placeOfSupply}`);
  if (body.sac) pdf.text(`SAC: ${body.sac}`);
  pdf.moveDown();

  for (const line of body.lines) amountRow(pdf, line.description, line.amountPaise);
  if (body.tax) {
    const tax = body.tax;
    amountRow(pdf, "Taxable value", tax.taxablePaise);
    const half = formatRate(tax.rateBasisPoints / 2);
    if (tax.intraState) {
      amountRow(pdf, `CGST at ${half}`, tax.cgstPaise);
      amountRow(pdf, `SGST at ${half}`, tax.sgstPaise);
    } else {
      amountRow(pdf, `IGST at ${formatRate(tax.rateBasisPoints)}`, tax.igstPaise);
    }
  }
  pdf.font("bold");
  amountRow(pdf, "Total", body.totalPaise);
  pdf.font("regular");
  if (body.tax) pdf.fontSize(9).text("Amounts include GST.", LEFT).fontSize(10);
  pdf.moveDown();

  if (body.payment) pdf.text(`Paid by: ${body.payment}`, LEFT);
  if (body.references.length > 0) {
    pdf.moveDown(0.5).font("bold").text("Refers to", LEFT).font("regular");
    for (const reference of body.references) {
      pdf.text(
        `${DOCUMENT_TITLES[reference.type]} ${reference.code} of ${formatIndianTime(reference.issuedAt)}, ${formatDocumentAmount(reference.amountPaise)}`,
      );
    }
  }
  if (body.note) pdf.moveDown().fontSize(9).text(body.note, LEFT, undefined, { width: WIDTH });
}

/** A line with its amount at the right. */
function amountRow(pdf: PDFKit.PDFDocument, label: string, paise: number): void {
  const y = pdf.y;
  pdf.text(label, LEFT, y, { width: AMOUNT_X - LEFT - 10 });
  const after = pdf.y;
  pdf.text(formatDocumentAmount(paise), AMOUNT_X, y, { width: AMOUNT_WIDTH, align: "right" });
  pdf.y = Math.max(after, pdf.y) + 4;
}
