/**
 * Fastify names each plugin it registers (for its error messages and its plugin tree). A plugin
 * without a name of its own (fastify-plugin gives one) is looked for among every loaded CommonJS
 * module, twice a registration: once the tests' or the gateway's packages are loaded, some
 * thousands of module records a search (3.2 s of CPU over the test suite's app builds, in one
 * profile). A plugin passed through `named` carries its own name and costs no search.
 */
const DISPLAY_NAME = Symbol.for('fastify.display-name');

export function named<P extends (...args: never[]) => unknown>(plugin: P, name = plugin.name): P {
  const tagged = plugin as P & { [DISPLAY_NAME]?: string };
  tagged[DISPLAY_NAME] ??= name || 'anonymous plugin';
  return plugin;
}
