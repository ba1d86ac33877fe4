// Generates openapi/schema.d.ts from the contract (`npm run api:types`), bundled by Redocly from
// openapi/halaqa.yaml and the files it refers to: the types used by the SPA's client and by the server's handlers. File parts of multipart bodies
// (`format: binary`, or OpenAPI 3.1's `contentMediaType` other than JSON) are typed `Blob`, not `string`, so the server can type them as uploaded files.
import { writeFileSync } from 'node:fs';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { bundleContract, CONTRACT_ROOT } from '../openapi/bundle.mjs';

const BLOB = ts.factory.createTypeReferenceNode('Blob');
const NULL = ts.factory.createLiteralTypeNode(ts.factory.createNull());

const HEADER =
  '/**\n * Generated from openapi/halaqa.yaml by scripts/api-types.mjs (npm run api:types). Do not edit.\n */\n\n';

/** Writes the generated types of the contract whose root file is `root` (a path) to `output` (a path). */
async function generate(root, output) {
  const ast = await openapiTS(bundleContract(root), {
    transform(schemaObject) {
      const file =
        schemaObject.format === 'binary' ||
        (schemaObject.contentMediaType && schemaObject.contentMediaType !== 'application/json');
      if (file) return schemaObject.nullable ? ts.factory.createUnionTypeNode([BLOB, NULL]) : BLOB;
      return undefined;
    },
  });
  writeFileSync(output, HEADER + astToString(ast));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await generate(CONTRACT_ROOT, process.argv[2] ?? new URL('../openapi/schema.d.ts', import.meta.url).pathname);
}
