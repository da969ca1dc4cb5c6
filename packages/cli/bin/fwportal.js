#!/usr/bin/env node
// The installed command: runs the bundled client (`npm run build -w packages/cli`, which
// `npm install` in this repository and `npm pack` do).
import '../dist/main.js';
