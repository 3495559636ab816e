/**
 * Must be imported before any shared schema is built. Zod 4 compiles object parsers with `new Function` unless told
 * not to, and decides when each object schema is constructed by probing `new Function('')`. Our CSP has no
 * 'unsafe-eval', so that probe is refused and Chrome records a CSP issue (Lighthouse best practices
 * "inspector-issues"). Jitless parsing is plenty fast for one form.
 */
import { z } from 'zod';

z.config({ jitless: true });
