import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import QRCode from 'qrcode';

/**
 * The PDF of a certificate (docs/product.md "Certificates"): one A4 landscape page drawn with
 * pdf-lib from the credential's own facts, in English or Arabic. Arabic text uses Noto Naskh Arabic
 * (shaped by fontkit) and the page reads right to left: each line is cut into runs of Arabic and
 * of other text, laid out from the right in reading order, the non-Arabic runs (names, dates,
 * digits) left to right inside. Latin text uses Helvetica.
 */

const require = createRequire(import.meta.url);
let arabicFont: Promise<Buffer> | null = null;
/** The Arabic font's bytes, read once. */
function arabicFontBytes(): Promise<Buffer> {
  arabicFont ??= readFile(
    join(dirname(require.resolve('@embedpdf/fonts-arabic')), '..', 'fonts', 'NotoNaskhArabic-Regular.ttf'),
  );
  return arabicFont;
}

const ARABIC = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/;

/** What the PDF shows; dates 'YYYY-MM-DD', `hours` of live instruction. */
export interface CertificatePdfFacts {
  learnerName: string;
  courseTitle: string;
  startDate: string;
  endDate: string;
  hours: number;
  skills: string[];
  educatorName: string;
  issuedAt: string;
  /** The verification page (printed and in the QR code). */
  url: string;
  revoked: boolean;
}

/** Reads the facts out of a stored OpenBadgeCredential (buildCredential's shape). */
export function pdfFactsOf(credential: Record<string, unknown>, revoked: boolean): CertificatePdfFacts {
  const subject = credential.credentialSubject as {
    identifier: { identityHash: string }[];
    activityStartDate: string;
    activityEndDate: string;
    creditsEarned: number;
    achievement: { name: string; tag: string[]; creator: { name: string } };
  };
  return {
    learnerName: subject.identifier[0]?.identityHash ?? '',
    courseTitle: subject.achievement.name,
    startDate: subject.activityStartDate.slice(0, 10),
    endDate: subject.activityEndDate.slice(0, 10),
    hours: subject.creditsEarned,
    skills: subject.achievement.tag,
    educatorName: subject.achievement.creator.name,
    issuedAt: String(credential.validFrom).slice(0, 10),
    url: String(credential.id),
    revoked,
  };
}

const WORDS = {
  en: {
    title: 'Certificate of Completion',
    certifies: 'This certifies that',
    completed: 'completed the live course',
    dates: (f: CertificatePdfFacts) => `${f.startDate} – ${f.endDate} · ${f.hours} hours`,
    skills: 'Skills',
    educator: 'Educator',
    issued: (d: string) => `Issued by Halaqa on ${d}`,
    verify: 'Verify this certificate',
    revoked: 'REVOKED',
  },
  ar: {
    title: 'شهادة إتمام',
    certifies: 'تشهد حلقة بأن',
    completed: 'أتمّ الدورة المباشرة',
    dates: (f: CertificatePdfFacts) => `${f.hours} ساعة · من ${f.startDate} إلى ${f.endDate}`,
    skills: 'المهارات',
    educator: 'المدرّس',
    issued: (d: string) => `صدرت عن حلقة بتاريخ ${d}`,
    verify: 'تحقق من هذه الشهادة',
    revoked: 'ملغاة',
  },
} as const;

interface Fonts {
  latin: PDFFont;
  latinBold: PDFFont;
  arabic: PDFFont;
}

/** `text` with characters Helvetica cannot encode replaced by '?'. */
function latinSafe(font: PDFFont, text: string): string {
  const charset = new Set(font.getCharacterSet());
  return [...text].map((ch) => (charset.has(ch.codePointAt(0)!) ? ch : '?')).join('');
}

/** The runs of a line: consecutive words that are Arabic or not. */
function runsOf(text: string): { arabic: boolean; text: string }[] {
  const runs: { arabic: boolean; text: string }[] = [];
  for (const word of text.split(' ')) {
    const arabic = ARABIC.test(word);
    const last = runs.at(-1);
    if (last && last.arabic === arabic) last.text += ` ${word}`;
    else runs.push({ arabic, text: word });
  }
  return runs;
}

/**
 * Draws one line centred on `cx` (or from the right edge `right` / left edge `left`), in the base
 * direction of `rtl`, each run with its font.
 */
function drawLine(
  page: PDFPage,
  fonts: Fonts,
  text: string,
  y: number,
  size: number,
  opts: { rtl: boolean; cx?: number; left?: number; right?: number; bold?: boolean; color?: [number, number, number] },
) {
  const space = fonts.latin.widthOfTextAtSize(' ', size);
  const runs = runsOf(text).map((r) => {
    const font = r.arabic ? fonts.arabic : opts.bold ? fonts.latinBold : fonts.latin;
    const t = r.arabic ? r.text : latinSafe(font, r.text);
    return { font, text: t, width: font.widthOfTextAtSize(t, size) };
  });
  const total = runs.reduce((a, r) => a + r.width, 0) + space * Math.max(0, runs.length - 1);
  let x = opts.cx !== undefined ? opts.cx - total / 2 : opts.left !== undefined ? opts.left : (opts.right ?? 0) - total;
  const ordered = opts.rtl ? [...runs].reverse() : runs;
  const color = rgb(...(opts.color ?? [0.1, 0.12, 0.2]));
  for (const r of ordered) {
    page.drawText(r.text, { x, y, size, font: r.font, color });
    x += r.width + space;
  }
}

/**
 * The certificate's PDF bytes.
 * @param signature the educator's signature image (PNG or JPEG bytes), or null to leave a line.
 */
export async function certificatePdf(
  facts: CertificatePdfFacts,
  lang: 'en' | 'ar',
  signature: Buffer | null,
): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  doc.setTitle(`${facts.courseTitle} · Halaqa`);
  doc.setAuthor('Halaqa');
  doc.setLanguage(lang);
  const fonts: Fonts = {
    latin: await doc.embedFont(StandardFonts.Helvetica),
    latinBold: await doc.embedFont(StandardFonts.HelveticaBold),
    arabic: await doc.embedFont(await arabicFontBytes(), { subset: true }),
  };
  const w = WORDS[lang];
  const rtl = lang === 'ar';
  const page = doc.addPage([842, 595]);
  const cx = 421;
  page.drawRectangle({ x: 24, y: 24, width: 794, height: 547, borderColor: rgb(0.15, 0.35, 0.6), borderWidth: 3 });
  page.drawRectangle({ x: 32, y: 32, width: 778, height: 531, borderColor: rgb(0.7, 0.78, 0.9), borderWidth: 1 });

  drawLine(page, fonts, w.title, 500, 32, { rtl, cx, bold: true, color: [0.15, 0.35, 0.6] });
  drawLine(page, fonts, w.certifies, 455, 14, { rtl, cx });
  drawLine(page, fonts, facts.learnerName, 418, 28, { rtl, cx, bold: true });
  drawLine(page, fonts, w.completed, 382, 14, { rtl, cx });
  drawLine(page, fonts, facts.courseTitle, 350, 22, { rtl, cx, bold: true });
  drawLine(page, fonts, w.dates(facts), 320, 13, { rtl, cx });
  if (facts.skills.length > 0) {
    drawLine(page, fonts, `${w.skills}: ${facts.skills.join(', ')}`, 294, 12, { rtl, cx });
  }

  // The educator's signature and name (the reading side's start), the QR code on the other side.
  const sigX = rtl ? 560 : 90;
  if (signature) {
    const isPng = signature.subarray(0, 4).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    const image = isPng ? await doc.embedPng(signature) : await doc.embedJpg(signature);
    const scaled = image.scaleToFit(180, 60);
    page.drawImage(image, { x: sigX + (190 - scaled.width) / 2, y: 150, width: scaled.width, height: scaled.height });
  }
  page.drawLine({
    start: { x: sigX, y: 145 },
    end: { x: sigX + 190, y: 145 },
    thickness: 1,
    color: rgb(0.3, 0.3, 0.3),
  });
  drawLine(page, fonts, facts.educatorName, 125, 12, { rtl, cx: sigX + 95, bold: true });
  drawLine(page, fonts, w.educator, 108, 10, { rtl, cx: sigX + 95 });

  const qr = await doc.embedPng(await QRCode.toBuffer(facts.url, { type: 'png', margin: 1, width: 240 }));
  const qrX = rtl ? 90 : 652;
  page.drawImage(qr, { x: qrX, y: 110, width: 100, height: 100 });
  drawLine(page, fonts, w.verify, 92, 9, { rtl, cx: qrX + 50 });

  drawLine(page, fonts, w.issued(facts.issuedAt), 70, 10, { rtl, cx });
  drawLine(page, fonts, facts.url, 54, 8, { rtl: false, cx, color: [0.3, 0.3, 0.4] });
  if (facts.revoked) {
    drawLine(page, fonts, w.revoked, 240, 48, { rtl, cx, bold: true, color: [0.75, 0.1, 0.1] });
  }
  return Buffer.from(await doc.save());
}
