// Tells the Workers types what the main module exports, so `exports.default.fetch()` in tests is typed.
declare namespace Cloudflare {
  interface GlobalProps {
    mainModule: typeof import('../../worker/hosts/cloudflare');
  }
}
