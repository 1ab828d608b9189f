// node-polyglot (react-admin's translator) requires the `object.entries` polyfill, which brings
// es-abstract helpers (~4 kB gzip) into the login page for a function every supported browser has.
// vite.config.ts points the require here (CommonJS, as the require expects a function, not a module).
module.exports = Object.entries;
