/**
 * The homes of the lifecycle, the money and the request edge, read from the source (DESIGN: one lifecycle, one door
 * for money, the core's own contract): a rule written a second time somewhere else fails here, with the file and
 * line, before it can disagree with the first.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(join(ROOT, path)).isDirectory()) return name === 'lazy' ? [] : sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

const WORKER = sourceFiles('worker');

/** Each line of the files matching `pattern`, as "file:line: text", except in the files allowed to. */
function linesMatching(files: string[], pattern: RegExp, allowed: (file: string) => boolean = () => false): string[] {
  return files
    .filter((file) => !allowed(file))
    .flatMap((file) =>
      readFileSync(join(ROOT, file), 'utf8')
        .split('\n')
        .flatMap((text, i) => (pattern.test(text) && !/^\s*(\*|\/\/)/.test(text) ? [`${relative(ROOT, join(ROOT, file))}:${i + 1}: ${text.trim()}`] : [])),
    );
}

describe("a booking's state is asked of the lifecycle's home only", () => {
  const home = (file: string) => file === 'worker/domain/bookings/states.ts' || file === 'worker/db/schema.ts';

  it('no SQL writes its own status or waiting-list condition', () => {
    const condition = /status\s*(<>|!=|=)\s*'(cancelled|pending|confirmed)'|waiting_list\s*(=|<>|!=)|\b(eq|ne|inArray|notInArray)\(bookings\.(status|waitingList)\b/;
    expect(linesMatching(WORKER, condition, home)).toEqual([]);
  });

  it('no TypeScript (core, shared or screens) compares a booking status or reads the waiting-list flag as a condition', () => {
    // (A list query's `waitingList` is the filter the admin chose, not a booking's flag.)
    const condition = /\.status\s*[!=]==?\s*'(cancelled|confirmed)'|(?<!query)\.waitingList\s*(\?|&&|\|\||[!=]==?)|!\s*\w+\.waitingList\b|if \((?!query)\w+\.waitingList\)/;
    expect(linesMatching([...WORKER, ...sourceFiles('src/lib'), ...sourceFiles('src/islands')], condition, (file) => home(file) || file === 'src/lib/booking-lifecycle.ts')).toEqual([]);
  });
});

describe('money has one door', () => {
  it('only the ledger writes payments', () => {
    expect(linesMatching(WORKER, /INSERT\s+(OR\s+\w+\s+)?INTO\s+(\$\{payments\}|payments\b)|\.insert\(payments\)/i, (file) => file === 'worker/domain/money/ledger.ts')).toEqual([]);
  });

  it('only the outbox writes e-mails', () => {
    expect(linesMatching(WORKER, /INSERT\s+(OR\s+\w+\s+)?INTO\s+(\$\{emailOutbox\}|email_outbox\b)|\.insert\(emailOutbox\)/i, (file) => file === 'worker/domain/mail/outbox.ts')).toEqual([]);
  });
});

describe('the core has its own contract', () => {
  const imports = (files: string[], target: RegExp) => linesMatching(files, new RegExp(`^(import|export) .* from '[^']*${target.source}`));

  it('nothing in worker/domain or worker/db imports an audience', () => {
    const core = WORKER.filter((file) => file.startsWith('worker/domain/') || file.startsWith('worker/db/'));
    expect(imports(core, /(src\/lib\/admin\/|\/admin\/|\/portal\/|\/routes\/)/)).toEqual([]);
  });

  it("no guest route or portal module imports the admin's modules", () => {
    const guest = WORKER.filter((file) => file.startsWith('worker/portal/') || (file.startsWith('worker/routes/') && !file.startsWith('worker/routes/admin/')));
    expect(imports(guest, /(lib\/admin\/|\/admin\/)/)).toEqual([]);
  });
});

describe('the request edge is written once', () => {
  it('path ids are parsed by worker/http/ids.ts only', () => {
    expect(linesMatching(WORKER, /d\{1,1\d?\}\$|d\{1,10\}/, (file) => file === 'worker/http/ids.ts')).toEqual([]);
  });

  it('a 404 is made by worker/domain/not-found.ts only', () => {
    expect(linesMatching(WORKER, /new ApiError\('(not_found|account_not_found)'/, (file) => file === 'worker/domain/not-found.ts' || file === 'worker/http/error-handler.ts')).toEqual([]);
  });
});

describe('small modules', () => {
  it('no file under worker/ is over 450 lines but the schema and the seed', () => {
    const long = WORKER.filter((file) => !['worker/db/schema.ts', 'worker/db/seed.ts'].includes(file))
      .map((file) => ({ file, lines: readFileSync(join(ROOT, file), 'utf8').split('\n').length }))
      .filter(({ lines }) => lines > 450);
    expect(long).toEqual([]);
  });
});
