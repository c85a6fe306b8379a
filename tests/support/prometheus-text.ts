/**
 * A strict reader of Prometheus's text exposition format (version 0.0.4), for tests: every line
 * is a `# HELP`, a `# TYPE` or a sample of a family typed before it; label values are quoted and
 * escaped; values are numbers (or NaN, ±Inf); a histogram's buckets are cumulative and end with
 * `le="+Inf"` equal to its `_count`. Returns the samples, or throws naming the first bad line.
 */
export type Sample = { name: string; labels: Record<string, string>; value: number };

const NAME = "[a-zA-Z_:][a-zA-Z0-9_:]*";
const LABEL = `[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\\\\\n]|\\\\[\\\\"n])*"`;
// As Prometheus reads them (Go's ParseFloat): NaN and Inf in any case ("Nan" from prom-client too).
const VALUE =
  "(?:[-+]?(?:\\d+\\.?\\d*(?:[eE][-+]?\\d+)?|\\.\\d+(?:[eE][-+]?\\d+)?)|[nN][aA][nN]|[-+]?[iI][nN][fF])";
const SAMPLE = new RegExp(
  `^(${NAME})(?:\\{((?:${LABEL})(?:,(?:${LABEL}))*,?)?\\})? (${VALUE})(?: -?\\d+)?$`,
);
const HELP = new RegExp(`^# HELP (${NAME})(?: .*)?$`);
const TYPE = new RegExp(`^# TYPE (${NAME}) (counter|gauge|histogram|summary|untyped)$`);
const ONE_LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\\n]|\\[\\"n])*)"/g;

function parseValue(raw: string): number {
  const lower = raw.toLowerCase();
  if (lower === "nan") return Number.NaN;
  if (lower.endsWith("inf")) return raw.startsWith("-") ? -Infinity : Infinity;
  return Number(raw);
}

function familyOf(name: string, types: Map<string, string>): string | undefined {
  if (types.has(name)) return name;
  for (const suffix of ["_bucket", "_sum", "_count"]) {
    const base = name.endsWith(suffix) ? name.slice(0, -suffix.length) : undefined;
    if (base && ["histogram", "summary"].includes(types.get(base) ?? "")) return base;
  }
  return undefined;
}

export function parsePrometheusText(text: string): Sample[] {
  if (!text.endsWith("\n")) throw new Error("the text must end with a line feed");
  const types = new Map<string, string>();
  const samples: Sample[] = [];
  const lines = text.slice(0, -1).split("\n");
  lines.forEach((line, i) => {
    const where = `line ${i + 1}: ${line}`;
    if (line === "") return;
    if (line.startsWith("#")) {
      const type = TYPE.exec(line);
      if (type) {
        if (types.has(type[1])) throw new Error(`${where}: a second TYPE for ${type[1]}`);
        types.set(type[1], type[2]);
      } else if (!HELP.test(line)) throw new Error(`${where}: not a HELP or TYPE line`);
      return;
    }
    const match = SAMPLE.exec(line);
    if (!match) throw new Error(`${where}: not a valid sample`);
    const [, name, rawLabels, rawValue] = match;
    if (!familyOf(name, types)) throw new Error(`${where}: no TYPE before this sample`);
    const labels: Record<string, string> = {};
    for (const [, key, value] of (rawLabels ?? "").matchAll(ONE_LABEL)) {
      if (key in labels) throw new Error(`${where}: label ${key} twice`);
      labels[key] = value;
    }
    samples.push({ name, labels, value: parseValue(rawValue) });
  });
  checkHistograms(samples, types);
  return samples;
}

function checkHistograms(samples: Sample[], types: Map<string, string>) {
  const series = new Map<string, { buckets: [number, number][]; count?: number }>();
  for (const s of samples) {
    const base = familyOf(s.name, types);
    if (!base || types.get(base) !== "histogram") continue;
    const { le, ...rest } = s.labels;
    const key = `${base}${JSON.stringify(rest)}`;
    const entry = series.get(key) ?? { buckets: [] };
    series.set(key, entry);
    if (s.name.endsWith("_bucket")) {
      if (le === undefined) throw new Error(`${s.name}: a bucket without le`);
      entry.buckets.push([parseValue(le), s.value]);
    } else if (s.name.endsWith("_count")) entry.count = s.value;
  }
  for (const [key, { buckets, count }] of series) {
    const last = buckets.at(-1);
    if (!last || last[0] !== Infinity) throw new Error(`${key}: no le="+Inf" bucket last`);
    for (let i = 1; i < buckets.length; i++) {
      if (buckets[i][0] <= buckets[i - 1][0] || buckets[i][1] < buckets[i - 1][1]) {
        throw new Error(`${key}: buckets not cumulative`);
      }
    }
    if (count !== last[1])
      throw new Error(`${key}: _count ${count} is not the +Inf bucket ${last[1]}`);
  }
}
