/**
 * `--config file.json|yaml`: options from a file, for every command that renders pages. The file
 * holds one object whose keys are the command's options, in camelCase or as on the command line
 * without the dashes (`settleMs` or `settle-ms`). Options of the library (timeout, scroll,
 * userAgent, headers, cookies, proxy, block, browserArgs, ...) are validated by the one options
 * schema (src/options.ts) and take its shapes (`headers` an object, `cookies` an array of cookie
 * objects, `viewport` `{ width, height }` or `"1366x768"`); the command's own options (`format`, `out`, ...) by
 * the command line's own parsers. A flag given on the command line wins over the file; the file
 * wins over the defaults.
 */
import { readFileSync } from 'node:fs';
import { InvalidArgumentError, type Command, type Option } from 'commander';
import { parse as parseYaml } from 'yaml';
import { configFileSchema, OptionsError, parseConfigOptions } from '../options.js';

const camel = (k: string): string => k.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

/** Read and parse a config file (JSON, or YAML by extension or when it is not JSON). */
export function readConfigFile(file: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new OptionsError(`cannot read --config ${file}: ${(e as Error).message}`);
  }
  try {
    return /\.ya?ml$/i.test(file) ? parseYaml(text) : JSON.parse(text);
  } catch (e) {
    throw new OptionsError(`--config ${file} is not valid ${/\.ya?ml$/i.test(file) ? 'YAML' : 'JSON'}: ${(e as Error).message.split('\n')[0]}`);
  }
}

/** The command-line values of the library options a config file set (schema shape → flag shape). */
function asFlags(o: ReturnType<typeof parseConfigOptions>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(o)) {
    if (k === 'viewport') {
      const { width, height } = v as { width: number; height: number };
      out.viewport = `${width}x${height}`;
    } else if (k === 'headers') out.header = Object.entries(v as Record<string, string>).map(([n, val]) => `${n}: ${val}`);
    else if (k === 'cookies') out.cookieObjects = v;
    else if (k === 'browserArgs') out.browserArg = v;
    else out[k] = v;
  }
  return out;
}

function parseWithOption(opt: Option, key: string, value: unknown, file: string): unknown {
  if (opt.isBoolean() || (!opt.required && !opt.optional)) {
    if (typeof value !== 'boolean') throw new OptionsError(`${file}: ${key} must be true or false`);
    return opt.negate ? !value : value;
  }
  const values = Array.isArray(value) ? value : [value];
  if (values.some((x) => typeof x !== 'string' && typeof x !== 'number')) throw new OptionsError(`${file}: ${key} must be a string or a number`);
  try {
    let acc: unknown = opt.defaultValue;
    for (const x of values) acc = opt.parseArg ? opt.parseArg(String(x), acc) : String(x);
    return acc;
  } catch (e) {
    if (e instanceof InvalidArgumentError) throw new OptionsError(`${file}: ${key}: ${e.message}`);
    throw e;
  }
}

/**
 * Apply the `--config` file of `cmd` (if any) to its option values: every option the command line
 * did not give takes the file's value. Throws OptionsError (unknown keys, bad values).
 */
export function applyConfigFile(cmd: Command): void {
  const file = cmd.getOptionValue('config') as string | undefined;
  if (!file) return;
  const raw = readConfigFile(file);
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new OptionsError(`${file}: a config file holds one object of options`);
  const schemaKeys = new Set(Object.keys(configFileSchema.shape));
  const library: Record<string, unknown> = {};
  const own: Array<[string, unknown]> = [];
  for (const [key, value] of Object.entries(raw as Record<string, unknown>)) {
    const k = camel(key);
    if (k === 'config') throw new OptionsError(`${file}: a config file cannot name another (config)`);
    if (schemaKeys.has(k)) library[k] = value;
    else own.push([k, value]);
  }
  const values: Record<string, unknown> = asFlags(parseConfigOptions(library, file));
  for (const [k, value] of own) {
    const opt = cmd.options.find((o) => o.attributeName() === k && !o.negate) ?? cmd.options.find((o) => o.attributeName() === k);
    if (!opt || k === 'help') throw new OptionsError(`${file}: unknown option ${k} (see viseg ${cmd.name()} --help)`);
    values[k] = parseWithOption(opt, k, value, file);
  }
  for (const [k, v] of Object.entries(values)) {
    if (cmd.getOptionValueSource(k) !== 'cli') cmd.setOptionValueWithSource(k, v, 'config');
  }
}
