// The client's modules import each other without the `.js` extension, as
// Vite and tsc's "bundler" resolution allow; Node's ES module loader wants
// exact file names. This adds the extension for the compiled unit tests
// (`node --import ./unit/extensionless.mjs --test build-unit/unit/`).
import { register } from 'node:module';

register('./extensionless-hooks.mjs', import.meta.url);
