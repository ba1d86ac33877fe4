/**
 * The titles and descriptions of the sales pages (`/courses/{id}`, `/sessions/{id}`), one rule for
 * the server, which writes them into the page's head (server/modules/pages/heads.ts), and for
 * the SPA, which keeps them when it navigates there (src/lib/document-head.tsx), so a page never
 * gets two different titles (product.md#screens: a sales page sets its own title and tags).
 */

/** The product's name, as in every title ("<page> · Halaqa"). */
export const PRODUCT_NAME = 'Halaqa';

/**
 * `text` flattened to one line and cut at a word to at most `max` characters (default 160, what
 * search engines show), with "…" when cut.
 */
export function snippet(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:!?-]+$/, '')}…`;
}

/** A course page's title and description: "<course title> · Halaqa"; its description, cut. */
export function courseHeadText(course: { title: string; description: string }): { title: string; description: string } {
  return { title: `${course.title} · ${PRODUCT_NAME}`, description: snippet(course.description) };
}

/**
 * A session page's title and description: "<course title> (<start> – <end>) · Halaqa" (dates
 * 'YYYY-MM-DD'); "<start> – <end>, <educator>. <course description>", cut.
 */
export function sessionHeadText(
  course: { title: string; description: string },
  session: { startDate: string; endDate: string; educator: { name: string } },
): { title: string; description: string } {
  const dates = `${session.startDate} – ${session.endDate}`;
  return {
    title: `${course.title} (${dates}) · ${PRODUCT_NAME}`,
    description: snippet(`${dates}, ${session.educator.name}. ${course.description}`),
  };
}
