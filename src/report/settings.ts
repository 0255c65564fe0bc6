/**
 * The settings a result was produced with, carried by every output, as sacrebleu's signature
 * carries its own: in JSON a `settings` object, in text a last line such as
 *
 *   settings: complan:0.1.0|eval|match:strict|beta:1|zero-division:gerbil|k-alpha:1|types:all|…
 *
 * Keys are the command-line option names (without `--`), so a signature reads as the options
 * that reproduce the result; an option left at its default is shown with its default value.
 */
import { showValue, UsageError } from '../errors.js';
import { VERSION } from '../version.js';

export interface RunSettings {
  /** complan's version (package.json). */
  version: string;
  command: string;
  /** Option name (kebab-case, without `--`) → value: numbers, strings, booleans, lists; null when unset. */
  options: Record<string, string | number | boolean | null | readonly (string | number)[]>;
}

/** Settings of `command` with these option values, in their order (camelCase keys are turned to kebab-case). */
export function runSettings(command: string, options: Record<string, unknown>): RunSettings {
  const out: RunSettings['options'] = {};
  for (const key of Object.keys(options)) {
    const v = options[key];
    if (v === undefined || typeof v === 'function') continue;
    const name = key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
    out[name] = Array.isArray(v) ? v.map((x) => (typeof x === 'number' ? x : String(x))) : typeof v === 'object' && v !== null ? JSON.stringify(v) : (v as string | number | boolean | null);
  }
  return { version: VERSION, command, options: out };
}

/** The JSON `settings` object. */
export function settingsJson(s: RunSettings): object {
  return { version: s.version, command: s.command, ...s.options };
}

/**
 * A JSON document with its settings first after `schemaVersion`: `doc` is the document as an
 * object (`evalJson`, `compareJson`, `planJsonObject`, …), not its text.
 * @throws UsageError about `doc` for anything but a plain object (a string's letters would be read as its keys).
 */
export function withSettings(doc: object, s: RunSettings): object {
  if (doc === null || typeof doc !== 'object' || Array.isArray(doc)) {
    throw UsageError.about('doc', `expects a JSON document as an object${typeof doc === 'string' ? ' (planJson gives text: planJsonObject gives the object)' : ''}, got ${showValue(doc)}`);
  }
  const { schemaVersion, ...rest } = doc as { schemaVersion?: unknown };
  return schemaVersion === undefined ? { settings: settingsJson(s), ...rest } : { schemaVersion, settings: settingsJson(s), ...rest };
}

/** The one-line signature: `complan:VERSION|COMMAND|option:value|…` (lists joined by commas). */
export function signature(s: RunSettings): string {
  const parts = [`complan:${s.version}`, s.command];
  for (const [k, v] of Object.entries(s.options)) {
    const text = v === null ? 'none' : Array.isArray(v) ? v.join(',') : String(v);
    parts.push(`${k}:${text}`);
  }
  return parts.join('|');
}

/** The signature as the last line of a text, Markdown or LaTeX output (a comment in LaTeX). */
export function signatureLine(s: RunSettings, format: 'table' | 'markdown' | 'latex'): string {
  const line = `settings: ${signature(s)}`;
  return format === 'latex' ? `% ${line}\n` : `${line}\n`;
}
