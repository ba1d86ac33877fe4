/** Types for the part of jsdom (a dev dependency that ships none) the page tests use: parsing HTML and XML as a browser does. */
declare module 'jsdom' {
  export class JSDOM {
    constructor(markup: string, options?: { contentType?: 'text/html' | 'application/xml' });
    readonly window: { document: Document };
  }
}
