import { readFileSync } from 'node:fs';
import Handlebars from 'handlebars';

/** The languages a mail is written in (product.md#overview: English and Arabic, right-to-left). */
export type MailLocale = 'en' | 'ar';

/**
 * One language of a mail template, as Handlebars sources. `subject` and `text` are plain text
 * (rendered without HTML escaping); `html` is the body of the HTML part (escaped by Handlebars;
 * it is wrapped in the shared layout, which sets `lang` and `dir`). Paragraphs in `text` are
 * separated by a blank line.
 */
export interface MailTemplateSource {
  subject: string;
  text: string;
  html: string;
}

/**
 * A mail the product sends, in both languages. `D` is the data its sources refer to; every field
 * of `D` is a string, number, boolean or null (no nested objects, so a template can not reach
 * into a database row by accident).
 */
export interface MailTemplate<D extends MailData> {
  /** Stable name, recorded nowhere but useful in logs and tests (e.g. `invitation`). */
  readonly name: string;
  readonly en: MailTemplateSource;
  readonly ar: MailTemplateSource;
  /** Data that renders the template fully; used by tests and the template preview. */
  readonly example: D;
}

/** The data of a template: flat values only. */
export type MailData = Record<string, string | number | boolean | null>;

/** A rendered mail: subject, plain-text part and a complete HTML document. */
export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
  locale: MailLocale;
}

/**
 * Declares a mail template. Both languages must be given; the sources are compiled on first use
 * (Handlebars `strict` mode: a missing field throws instead of rendering an empty string).
 */
export function defineMailTemplate<D extends MailData>(template: MailTemplate<D>): MailTemplate<D> {
  return Object.freeze(template);
}

const SECTION = /^\{\{!-- (example|(en|ar) (subject|text|html)) --\}\}\n/gm;

/**
 * Declares the mail template written in the file `<name>.hbs` of `dir` (read once, at import), so a
 * module's mails are data beside it rather than code. The file holds seven sections, each opened by a
 * Handlebars comment line (`{{!-- example --}}`, then `{{!-- <en|ar> <subject|text|html> --}}`) and
 * ending with the line break before the next one (or the file's last): the example is the JSON object of
 * {@link MailTemplate.example}, the others the {@link MailTemplateSource} fields as they are.
 * @typeParam D the data the sources refer to, which the example must match
 * @param dir the folder of the module's templates, e.g. `new URL('./mails/', import.meta.url)`
 * @param name the template's stable name and its file's base name (e.g. `invitation`)
 * @throws when the file is missing, or a section is missing or given twice
 */
export function mailTemplateFile<D extends MailData>(dir: URL, name: string): MailTemplate<D> {
  const file = readFileSync(new URL(`${name}.hbs`, dir), 'utf8');
  const sections = new Map<string, string>();
  const marks = [...file.matchAll(SECTION)];
  marks.forEach((m, i) => {
    const key = m[1] ?? '';
    if (sections.has(key)) throw new Error(`mail template ${name}: section ${key} given twice`);
    sections.set(key, file.slice(m.index + m[0].length, marks[i + 1]?.index ?? file.length).replace(/\n$/, ''));
  });
  const section = (key: string): string => {
    const value = sections.get(key);
    if (value === undefined) throw new Error(`mail template ${name}: section ${key} is missing`);
    return value;
  };
  const source = (locale: MailLocale): MailTemplateSource => ({
    subject: section(`${locale} subject`),
    text: section(`${locale} text`),
    html: section(`${locale} html`),
  });
  const example = JSON.parse(section('example')) as D;
  return defineMailTemplate({ name, example, en: source('en'), ar: source('ar') });
}

const hbs = Handlebars.create();
const compiled = new WeakMap<
  MailTemplateSource,
  { subject: HandlebarsTemplateDelegate; text: HandlebarsTemplateDelegate; html: HandlebarsTemplateDelegate }
>();

const LAYOUT = hbs.compile(
  `<!doctype html>
<html lang="{{locale}}" dir="{{dir}}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>{{subject}}</title></head>
<body style="margin:0;padding:24px;background:#f5f7fa;font-family:Arial,'Segoe UI',Tahoma,sans-serif;color:#1f2933;line-height:1.6">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px;text-align:{{align}}">
{{{body}}}
<p style="margin-top:32px;color:#616e7c;font-size:13px">{{signature}}</p>
</div>
</body>
</html>`,
  { strict: true },
);

const SIGNATURE: Record<MailLocale, string> = { en: '— Halaqa', ar: '— حلقة' };

function compile(source: MailTemplateSource) {
  let c = compiled.get(source);
  if (!c) {
    c = {
      subject: hbs.compile(source.subject, { strict: true, noEscape: true }),
      text: hbs.compile(source.text, { strict: true, noEscape: true }),
      html: hbs.compile(source.html, { strict: true }),
    };
    compiled.set(source, c);
  }
  return c;
}

/**
 * Renders a template in one language.
 * @param locale the recipient's language (`users.language`, or the company's for an invitee)
 * @returns subject and text (the signature appended), and a whole HTML document whose `<html>`
 *   carries `lang` and `dir="rtl"` for Arabic.
 * @throws when `data` lacks a field the template uses (Handlebars strict mode).
 */
export function renderMail<D extends MailData>(template: MailTemplate<D>, data: D, locale: MailLocale): RenderedMail {
  const c = compile(template[locale]);
  const subject = c.subject(data).replace(/\s+/g, ' ').trim();
  const text = `${c.text(data).trim()}\n\n${SIGNATURE[locale]}\n`;
  const body = c.html(data);
  const rtl = locale === 'ar';
  const html = LAYOUT({
    locale,
    dir: rtl ? 'rtl' : 'ltr',
    align: rtl ? 'right' : 'left',
    subject,
    body,
    signature: SIGNATURE[locale],
  });
  return { subject, text, html, locale };
}
