/**
 * Generated artwork for the demo data: course covers (1200×675 SVG) and company logos (256×256 SVG).
 * Self-contained SVG: no external fonts, images or scripts, so the files can be served as static
 * uploads and shown in an <img>.
 */

/** What a course cover shows. `category` picks the colours and the motif (unknown names get a hashed colour). */
export interface CoverCourse {
  title: string;
  category: string;
  difficulty?: 'BEGINNER' | 'INTERMEDIATE' | 'ADVANCED';
}

/** What a company logo shows: the acronym on the company's theme colours. */
export interface LogoCompany {
  name: string;
  acronym: string;
  style: { primaryColor: string; secondaryColor: string; tertiaryColor: string };
}

const WIDTH = 1200;
const HEIGHT = 675;
const FONT = `'Inter', 'Segoe UI', 'Helvetica Neue', Helvetica, Arial, 'Noto Sans Arabic', 'Noto Sans', sans-serif`;

type Motif = 'web' | 'ai' | 'cloud' | 'security' | 'mobile' | 'code' | 'database';

interface Palette {
  from: string;
  to: string;
  accent: string;
  motif: Motif;
}

const PALETTES: Record<string, Palette> = {
  'Web Development': { from: '#2563EB', to: '#7C3AED', accent: '#A5B4FC', motif: 'web' },
  'Data Science & AI': { from: '#0F766E', to: '#1E3A8A', accent: '#5EEAD4', motif: 'ai' },
  'Cloud & DevOps': { from: '#0369A1', to: '#4F46E5', accent: '#7DD3FC', motif: 'cloud' },
  Cybersecurity: { from: '#0F172A', to: '#047857', accent: '#34D399', motif: 'security' },
  'Mobile Development': { from: '#DB2777', to: '#F97316', accent: '#FBCFE8', motif: 'mobile' },
  'Programming Fundamentals': { from: '#C2410C', to: '#A16207', accent: '#FDE68A', motif: 'code' },
  Databases: { from: '#4338CA', to: '#0E7490', accent: '#A5F3FC', motif: 'database' },
};

const MOTIFS: readonly Motif[] = ['web', 'ai', 'cloud', 'security', 'mobile', 'code', 'database'];

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

function paletteFor(category: string): Palette {
  const known = PALETTES[category];
  if (known) return known;
  const h = hash(category);
  const hue = h % 360;
  return {
    from: `hsl(${hue}, 65%, 38%)`,
    to: `hsl(${(hue + 50) % 360}, 60%, 30%)`,
    accent: `hsl(${hue}, 80%, 80%)`,
    motif: MOTIFS[h % MOTIFS.length] ?? 'code',
  };
}

/** Escapes text for use in SVG character data and attribute values. */
export function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

const RTL = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/;

/**
 * Greedy word wrap by estimated advance width (average glyph ≈ `charWidth` × font size).
 * A word longer than a line stays whole on its own line.
 */
export function wrapText(text: string, maxWidth: number, fontSize: number, charWidth = 0.56): string[] {
  const maxChars = Math.max(1, Math.floor(maxWidth / (fontSize * charWidth)));
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (candidate.length <= maxChars || !line) line = candidate;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** Picks the largest font size at which the title fits in at most four lines. */
function layoutTitle(title: string, maxWidth: number, charWidth: number): { fontSize: number; lines: string[] } {
  const sizes = [76, 68, 60, 54, 48, 42, 38];
  for (const fontSize of sizes) {
    const lines = wrapText(title, maxWidth, fontSize, charWidth);
    const longest = Math.max(...lines.map((l) => l.length));
    if (lines.length <= 4 && longest * fontSize * charWidth <= maxWidth * 1.05) return { fontSize, lines };
  }
  const fontSize = sizes[sizes.length - 1] ?? 38;
  const lines = wrapText(title, maxWidth, fontSize, charWidth);
  if (lines.length > 5) {
    const kept = lines.slice(0, 5);
    kept[4] = `${kept[4] ?? ''}…`;
    return { fontSize, lines: kept };
  }
  return { fontSize, lines };
}

/** The category motif, drawn in a 400×400 box whose top-left corner is the origin. */
function motifSvg(motif: Motif, accent: string): string {
  const stroke = `fill="none" stroke="#FFFFFF" stroke-width="10" stroke-linecap="round" stroke-linejoin="round"`;
  switch (motif) {
    case 'web':
      return `
    <rect x="20" y="50" width="360" height="280" rx="24" fill="#FFFFFF" fill-opacity="0.12" stroke="#FFFFFF" stroke-width="8"/>
    <line x1="20" y1="110" x2="380" y2="110" stroke="#FFFFFF" stroke-width="8"/>
    <circle cx="56" cy="80" r="10" fill="${accent}"/><circle cx="88" cy="80" r="10" fill="#FFFFFF" fill-opacity="0.7"/><circle cx="120" cy="80" r="10" fill="#FFFFFF" fill-opacity="0.5"/>
    <polyline points="150,170 100,220 150,270" ${stroke}/>
    <polyline points="250,170 300,220 250,270" ${stroke}/>
    <line x1="220" y1="160" x2="180" y2="280" stroke="${accent}" stroke-width="10" stroke-linecap="round"/>`;
    case 'ai': {
      const layers = [[90, 170, 250, 330], [60, 150, 240, 330].map((y) => y + 10), [140, 260]];
      const xs = [50, 200, 350];
      let lines = '';
      let nodes = '';
      layers.forEach((ys, li) => {
        const next = layers[li + 1];
        const x = xs[li] ?? 0;
        const nx = xs[li + 1] ?? 0;
        for (const y of ys) {
          if (next)
            for (const ny of next)
              lines += `<line x1="${x}" y1="${y}" x2="${nx}" y2="${ny}" stroke="#FFFFFF" stroke-opacity="0.35" stroke-width="3"/>`;
          nodes += `<circle cx="${x}" cy="${y}" r="${li === 1 ? 20 : 24}" fill="${li === 2 ? accent : '#FFFFFF'}" fill-opacity="${li === 1 ? 0.85 : 1}"/>`;
        }
      });
      return `\n    ${lines}\n    ${nodes}`;
    }
    case 'cloud':
      return `
    <path d="M110 250 a70 70 0 0 1 20 -137 a95 95 0 0 1 178 22 a62 62 0 0 1 -10 115 z" fill="#FFFFFF" fill-opacity="0.16" stroke="#FFFFFF" stroke-width="8" stroke-linejoin="round"/>
    <path d="M120 330 c0 -40 60 -40 80 0 s80 40 80 0 s-60 -40 -80 0 s-80 40 -80 0 z" fill="none" stroke="${accent}" stroke-width="10" stroke-linejoin="round"/>
    <polyline points="200,225 200,165" ${stroke}/>
    <polyline points="172,190 200,160 228,190" ${stroke}/>`;
    case 'security':
      return `
    <path d="M200 30 L340 85 V190 C340 280 280 345 200 375 C120 345 60 280 60 190 V85 Z" fill="#FFFFFF" fill-opacity="0.12" stroke="#FFFFFF" stroke-width="8" stroke-linejoin="round"/>
    <rect x="140" y="190" width="120" height="100" rx="14" fill="${accent}"/>
    <path d="M160 190 V160 a40 40 0 0 1 80 0 V190" fill="none" stroke="#FFFFFF" stroke-width="12"/>
    <circle cx="200" cy="230" r="14" fill="#0F172A" fill-opacity="0.75"/>
    <rect x="194" y="236" width="12" height="32" rx="5" fill="#0F172A" fill-opacity="0.75"/>`;
    case 'mobile':
      return `
    <rect x="110" y="20" width="180" height="360" rx="32" fill="#FFFFFF" fill-opacity="0.14" stroke="#FFFFFF" stroke-width="8"/>
    <rect x="170" y="38" width="60" height="10" rx="5" fill="#FFFFFF" fill-opacity="0.8"/>
    <rect x="140" y="80" width="52" height="52" rx="12" fill="${accent}"/><rect x="208" y="80" width="52" height="52" rx="12" fill="#FFFFFF" fill-opacity="0.85"/>
    <rect x="140" y="148" width="52" height="52" rx="12" fill="#FFFFFF" fill-opacity="0.85"/><rect x="208" y="148" width="52" height="52" rx="12" fill="${accent}" fill-opacity="0.7"/>
    <rect x="140" y="216" width="120" height="14" rx="7" fill="#FFFFFF" fill-opacity="0.6"/><rect x="140" y="242" width="90" height="14" rx="7" fill="#FFFFFF" fill-opacity="0.4"/>
    <circle cx="200" cy="340" r="14" fill="none" stroke="#FFFFFF" stroke-width="5"/>`;
    case 'code':
      return `
    <path d="M120 40 C80 40 90 100 90 150 C90 185 70 200 40 200 C70 200 90 215 90 250 C90 300 80 360 120 360" ${stroke}/>
    <path d="M280 40 C320 40 310 100 310 150 C310 185 330 200 360 200 C330 200 310 215 310 250 C310 300 320 360 280 360" ${stroke}/>
    <rect x="140" y="120" width="90" height="16" rx="8" fill="${accent}"/>
    <rect x="160" y="160" width="110" height="16" rx="8" fill="#FFFFFF" fill-opacity="0.8"/>
    <rect x="160" y="200" width="70" height="16" rx="8" fill="#FFFFFF" fill-opacity="0.6"/>
    <rect x="140" y="240" width="100" height="16" rx="8" fill="${accent}" fill-opacity="0.8"/>
    <rect x="252" y="236" width="14" height="26" fill="#FFFFFF"/>`;
    case 'database':
      return `
    <path d="M80 80 V320 A120 40 0 0 0 320 320 V80" fill="#FFFFFF" fill-opacity="0.12" stroke="#FFFFFF" stroke-width="8"/>
    <ellipse cx="200" cy="80" rx="120" ry="40" fill="${accent}" fill-opacity="0.9" stroke="#FFFFFF" stroke-width="8"/>
    <path d="M80 160 A120 40 0 0 0 320 160" fill="none" stroke="#FFFFFF" stroke-width="8"/>
    <path d="M80 240 A120 40 0 0 0 320 240" fill="none" stroke="#FFFFFF" stroke-width="8"/>
    <circle cx="280" cy="205" r="9" fill="${accent}"/><circle cx="280" cy="285" r="9" fill="${accent}"/>`;
  }
}

const DIFFICULTY_LABEL = { BEGINNER: 'Beginner', INTERMEDIATE: 'Intermediate', ADVANCED: 'Advanced' } as const;

/**
 * The opening of a cover or logo, up to the end of its diagonal gradient: the XML prologue, the
 * `<svg>` element (`width`×`height` pixels, labelled `label`), its title, and `<defs>` (left open)
 * with the linear gradient `gradient.id` from `gradient.from` (top left) to `gradient.to`.
 */
function svgHead(width: number, height: number, label: string, gradient: { id: string; from: string; to: string }) {
  return `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${escapeXml(label)}">
  <title>${escapeXml(label)}</title>
  <defs>
    <linearGradient id="${gradient.id}" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${gradient.from}"/>
      <stop offset="1" stop-color="${gradient.to}"/>
    </linearGradient>`;
}

/**
 * A 1200×675 course cover: a diagonal gradient in the category's colours, the category motif,
 * the category name, the title in large white type (wrapped to at most four lines; right-aligned
 * when the title is Arabic or Hebrew) and the difficulty.
 * @returns an SVG document (UTF-8 text).
 */
export function courseCoverSvg(course: CoverCourse): string {
  const p = paletteFor(course.category);
  const rtl = RTL.test(course.title);
  const textWidth = 660;
  const { fontSize, lines } = layoutTitle(course.title, textWidth, rtl ? 0.5 : 0.56);
  const lineHeight = Math.round(fontSize * 1.14);
  const blockHeight = lineHeight * (lines.length - 1) + fontSize;
  const firstBaseline = Math.round(352 - blockHeight / 2 + fontSize * 0.8);
  const textX = rtl ? WIDTH - 80 : 80;
  const anchor = rtl ? 'end' : 'start';
  const motifX = rtl ? 90 : 730;
  const seed = hash(course.title);
  const ring = 180 + (seed % 120);

  const titleSpans = lines
    .map((line, i) => `<tspan x="${textX}" y="${firstBaseline + i * lineHeight}">${escapeXml(line)}</tspan>`)
    .join('');
  const difficulty = course.difficulty ? DIFFICULTY_LABEL[course.difficulty] : null;
  const pill = difficulty
    ? (() => {
        const w = Math.round(difficulty.length * 13.5 + 44);
        const x = rtl ? WIDTH - 80 - w : 80;
        return `<rect x="${x}" y="566" width="${w}" height="46" rx="23" fill="#FFFFFF" fill-opacity="0.18" stroke="#FFFFFF" stroke-opacity="0.5" stroke-width="2"/>
  <text x="${x + w / 2}" y="596" text-anchor="middle" font-family="${FONT}" font-size="22" font-weight="600" fill="#FFFFFF">${difficulty}</text>`;
      })()
    : '';

  return `${svgHead(WIDTH, HEIGHT, course.title, { id: 'bg', from: p.from, to: p.to })}
    <radialGradient id="glow" cx="0.8" cy="0.2" r="0.7">
      <stop offset="0" stop-color="#FFFFFF" stop-opacity="0.22"/>
      <stop offset="1" stop-color="#FFFFFF" stop-opacity="0"/>
    </radialGradient>
    <pattern id="dots" width="32" height="32" patternUnits="userSpaceOnUse">
      <circle cx="2" cy="2" r="2" fill="#FFFFFF" fill-opacity="0.12"/>
    </pattern>
  </defs>
  <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#bg)"/>
  <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#glow)"/>
  <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#dots)"/>
  <circle cx="${rtl ? 120 : 1080}" cy="${560 + (seed % 60)}" r="${ring}" fill="none" stroke="#FFFFFF" stroke-opacity="0.08" stroke-width="40"/>
  <circle cx="${rtl ? 1150 : 50}" cy="${40 + (seed % 50)}" r="${90 + (seed % 40)}" fill="${p.accent}" fill-opacity="0.12"/>
  <g transform="translate(${motifX} ${138})" opacity="0.95">${motifSvg(p.motif, p.accent)}
  </g>
  <text x="${textX}" y="112" text-anchor="${anchor}" font-family="${FONT}" font-size="24" font-weight="700" letter-spacing="3" fill="${p.accent}">${escapeXml(course.category.toUpperCase())}</text>
  <text text-anchor="${anchor}" font-family="${FONT}" font-size="${fontSize}" font-weight="800" fill="#FFFFFF">${titleSpans}</text>
  ${pill}
  <text x="${rtl ? 80 : WIDTH - 80}" y="${rtl ? 600 : 640}" text-anchor="${rtl ? 'start' : 'end'}" font-family="${FONT}" font-size="22" font-weight="700" letter-spacing="2" fill="#FFFFFF" fill-opacity="0.75">HALAQA · LIVE</text>
</svg>
`;
}

/**
 * A 256×256 company logo: a rounded square in the company's primary → secondary gradient, the
 * acronym in white (scaled to fit), underlined by a tertiary bar, with a faint ring motif.
 * @returns an SVG document (UTF-8 text).
 */
export function companyLogoSvg(company: LogoCompany): string {
  const { primaryColor, secondaryColor, tertiaryColor } = company.style;
  const acronym = company.acronym.toUpperCase();
  const fontSize = Math.min(72, Math.floor(196 / (Math.max(1, acronym.length) * 0.7)));
  const baseline = Math.round(128 + fontSize * 0.36);
  const id = `g${hash(acronym).toString(36)}`;
  return `${svgHead(256, 256, company.name, { id, from: primaryColor, to: secondaryColor })}
  </defs>
  <rect width="256" height="256" rx="48" fill="url(#${id})"/>
  <circle cx="222" cy="34" r="62" fill="none" stroke="#FFFFFF" stroke-opacity="0.14" stroke-width="14"/>
  <circle cx="52" cy="52" r="10" fill="${tertiaryColor}"/>
  <text x="128" y="${baseline}" text-anchor="middle" font-family="${FONT}" font-size="${fontSize}" font-weight="800" letter-spacing="1" fill="#FFFFFF">${escapeXml(acronym)}</text>
  <rect x="92" y="${baseline + 22}" width="72" height="10" rx="5" fill="${tertiaryColor}"/>
</svg>
`;
}
