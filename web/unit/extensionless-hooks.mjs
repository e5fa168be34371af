// The resolve hook unit/extensionless.mjs registers: a relative import
// that names no file is tried again as `<name>.js`.
export async function resolve(specifier, context, next) {
  try {
    return await next(specifier, context);
  } catch (e) {
    const relative = specifier.startsWith('./') || specifier.startsWith('../');
    if (!relative || e?.code !== 'ERR_MODULE_NOT_FOUND' || specifier.endsWith('.js')) throw e;
    return next(`${specifier}.js`, context);
  }
}
