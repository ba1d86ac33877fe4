import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** Absolute path of Redoc's self-contained browser bundle (served at /api/docs/redoc.standalone.js). */
export const REDOC_BUNDLE = require.resolve('redoc/bundles/redoc.standalone.js');

/** The API reference page: Redoc rendering /api/openapi.json (the same contract the server runs on). */
export function apiDocsHtml(): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Halaqa API reference</title>
<style>body{margin:0}</style>
</head>
<body>
<div id="redoc"></div>
<script src="/api/docs/redoc.standalone.js"></script>
<script>Redoc.init('/api/openapi.json', { hideDownloadButton: false, expandResponses: '200,201' }, document.getElementById('redoc'));</script>
</body>
</html>`;
}
