// The request duration histogram of GET /metrics (sign_http_request_duration_seconds), counted without
// prom-client's Histogram: its observe checks and hashes the labels of every answer, even through a
// series' labels(), several microseconds a request (issue 31). The scrape's text is what a prom-client
// Histogram writes (the same metric object shape, which prom-client's Registry renders): buckets
// cumulative by `le`, then +Inf, _sum and _count, each series in the order it first answered.

/** One route, method and status code's counts. */
export interface DurationSeries {
  readonly labels: Readonly<Record<string, string>>;
  /** Answers per bucket (not cumulative): counts[i] took at most bounds[i] seconds and more than the one before. */
  readonly counts: number[];
  sum: number;
  count: number;
}

/** A metric prom-client's Registry renders (its `get()`), holding the series this instance counted. */
export class DurationHistogram {
  readonly type = "histogram";
  readonly aggregator = "sum";
  private readonly series: DurationSeries[] = [];

  constructor(
    readonly name: string,
    readonly help: string,
    private readonly bounds: readonly number[],
  ) {}

  /** A new series with these labels (the caller keeps it: each is made once). */
  add(labels: Record<string, string>): DurationSeries {
    const series: DurationSeries = { labels, counts: this.bounds.map(() => 0), sum: 0, count: 0 };
    this.series.push(series);
    return series;
  }

  observe(series: DurationSeries, seconds: number): void {
    const bounds = this.bounds;
    for (let i = 0; i < bounds.length; i++) {
      if (seconds <= bounds[i]!) {
        series.counts[i]! += 1;
        break;
      }
    }
    series.sum += seconds;
    series.count += 1;
  }

  /** What prom-client's Registry writes out: the shape of a prom-client Histogram's values. */
  get() {
    const bucket = `${this.name}_bucket`;
    const values: {
      labels: Record<string, string | number>;
      sharedLabels: Readonly<Record<string, string>>;
      value: number;
      metricName: string;
    }[] = [];
    for (const series of this.series) {
      let cumulative = 0;
      this.bounds.forEach((le, i) => {
        cumulative += series.counts[i]!;
        values.push({ labels: { le }, sharedLabels: series.labels, value: cumulative, metricName: bucket });
      });
      values.push(
        { labels: { le: "+Inf" }, sharedLabels: series.labels, value: series.count, metricName: bucket },
        { labels: {}, sharedLabels: series.labels, value: series.sum, metricName: `${this.name}_sum` },
        { labels: {}, sharedLabels: series.labels, value: series.count, metricName: `${this.name}_count` },
      );
    }
    return { name: this.name, help: this.help, type: this.type, values, aggregator: this.aggregator };
  }
}
