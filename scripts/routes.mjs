#!/usr/bin/env node
// Regenerates src/routeTree.gen.ts from src/routes (the same generator the Vite plugin runs on
// build and dev), without starting Vite. Settings: tsr.config.json.
import { Generator, getConfig } from '@tanstack/router-generator';

const root = process.cwd();
await new Generator({ config: getConfig({}, root), root }).run();
console.log('src/routeTree.gen.ts is up to date');
