import bn from '../../src/shared/i18n/locales/bn.json';

/**
 * The Bangla browser tests' words, read from the catalog (never retyped, so a translator's
 * correction does not break them): a text of bn.json by its key, its {{values}} filled in.
 */
type Catalog = { [key: string]: string | Catalog };

/** A Bangla text of the catalog, its {{values}} filled in. */
export function text(key: string, values: Record<string, string> = {}): string {
  let node: string | Catalog | undefined = bn as Catalog;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  if (typeof node !== 'string' || node === '') throw new Error(`bn.json has no ${key}`);
  return node.replace(/\{\{(\w+)\}\}/g, (_all, name: string) => values[name] ?? `{{${name}}}`);
}

/** A text as it reads inside a pattern. */
export const escapeRegExp = (part: string) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A Bangla template as a pattern: its {{values}} match anything. */
export const pattern = (key: string) =>
  new RegExp(
    text(key)
      .split(/\{\{\w+\}\}/)
      .map(escapeRegExp)
      .join('.+'),
  );
