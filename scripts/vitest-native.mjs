// The test settings of the Node projects (server, cli, bmc-sim, contract, e2e): their TypeScript
// runs through Node's own module loader (scripts/native-typescript.mjs), not Vite's module runner.
import { fileURLToPath } from 'node:url';
import './native-typescript.mjs';

const hooks = fileURLToPath(new URL('./native-typescript.mjs', import.meta.url));

/**
 * Vite's module runner transformed and evaluated each of the portal's ~700 modules itself: the
 * first test file of every worker spent 8-9 s of a quiet core importing the portal, 15-20 s in a
 * busy CI minute (issue 41). Node's loader with its own type stripping imports the same graph in
 * about 3 s. Nothing here needs the runner: no test mocks modules (`vi.mock`) or uses Vite's
 * import forms (`?raw`, `import.meta.glob`, `import.meta.env`). The web tests keep Vite (JSX,
 * CSS, the browser's modules).
 *
 * The vitest process itself loads the global setups: importing this file (from a project's
 * config) registers the hooks there too.
 */
export const nativeTypeScript = {
  execArgv: ['--import', hooks],
  experimental: { viteModuleRunner: false, nodeLoader: false },
};
