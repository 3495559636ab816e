import type { Client } from '@libsql/client';
import type { Context } from 'hono';
import type { AppConfig } from './config';
import type { Db } from './db';
import type { PasswordHasher } from './domain/auth/passwords';
import type { MailTransport } from './domain/mail/transport';

/** The invoice PDF module (pdf-lib, fontkit, two fonts: most of the worker's weight). */
export type InvoicePdfModule = typeof import('./domain/invoices/pdf');
/** The run sheets' PDF module (issue 24): the same pdf-lib stack and font, drawing an edition's sheets. */
export type SheetsPdfModule = typeof import('./domain/retreats/sheets/pdf');
/** The e-invoice module (issue 39): an issued document as EN 16931 UBL, loaded by the routes that make one. */
export type InvoiceUblModule = typeof import('./domain/invoices/ubl');

export type { AppConfig };

/** Everything host-specific, injected so routes and services never import a host (DESIGN.md section 1). */
export interface AppDeps {
  db: Db;
  /** The raw libSQL client behind `db`, for statements drizzle does not model (health probe, PRAGMA). */
  sql: Client;
  config: AppConfig;
  mail: MailTransport;
  passwords: PasswordHasher;
  /**
   * Loads the invoice PDF module for the few requests that draw a PDF (issue "Speed"): on Workers a module of its
   * own beside the worker, fetched on first use, so every other request starts without it; on Node an import.
   */
  invoicePdf: () => Promise<InvoicePdfModule>;
  /** The run sheets' PDF module, loaded on demand the same way (a module of its own on Workers). */
  sheetsPdf: () => Promise<SheetsPdfModule>;
  /** The e-invoice (UBL) module, loaded on demand the same way. */
  invoiceUbl: () => Promise<InvoiceUblModule>;
  /** The OpenAPI document's generator (hono-openapi and zod's JSON Schema code, issue 41), loaded on demand the same way. */
  openApi: () => Promise<typeof import('./http/openapi')>;
  now: () => Date;
  /** The client's address as this host knows it (socket on Node, CF-Connecting-IP on Workers). */
  clientIp: (c: Context) => string | undefined;
  /** Structured log sink: one JSON object per call. */
  log: (entry: Record<string, unknown>) => void;
  /** Keeps background work alive after the response (Workers: ctx.waitUntil; Node: a tracked promise). */
  waitUntil: (work: Promise<unknown>) => void;
}
