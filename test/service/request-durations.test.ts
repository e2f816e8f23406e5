// The request duration histogram is counted without prom-client's Histogram (its observe checks and
// hashes the labels of every answer); a scrape must still read exactly what a prom-client Histogram
// with the same observations writes.
import { Histogram, Registry, type Metric } from "prom-client";
import { DurationHistogram } from "../../src/service/operations/request-durations";

const NAME = "sign_http_request_duration_seconds";
const HELP = "Time to answer an HTTP request, by route pattern, method and status code.";
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

test("a scrape reads what prom-client's Histogram writes for the same observations", async () => {
  const theirs = new Registry();
  const histogram = new Histogram({
    name: NAME,
    help: HELP,
    labelNames: ["route", "method", "status_code"] as const,
    buckets: BUCKETS,
    registers: [theirs],
  });
  const ours = new Registry();
  const durations = new DurationHistogram(NAME, HELP, BUCKETS);
  ours.registerMetric(durations as unknown as Metric);

  const answers: [string, string, string, number][] = [
    ["/api/v1/me", "GET", "200", 0.0012],
    ["/api/v1/me", "GET", "200", 0.005],
    ["/api/v1/me", "GET", "401", 0.0031],
    ["/api/v1/signing-groups/:id", "GET", "200", 0.0421],
    ["/api/v1/me", "GET", "200", 0.7],
    ["(unmatched)", "OTHER", "404", 31.5],
    ["/api/v1/tags/validate", "POST", "200", 10],
    ["/api/v1/signing-groups/:id", "GET", "200", 0.1 + 0.2],
  ];
  const series = new Map<string, ReturnType<DurationHistogram["add"]>>();
  for (const [route, method, status_code, seconds] of answers) {
    const labels = { route, method, status_code };
    histogram.labels(labels).observe(seconds);
    const key = `${route} ${method} ${status_code}`;
    if (!series.has(key)) series.set(key, durations.add(labels));
    durations.observe(series.get(key)!, seconds);
  }

  const text = await ours.metrics();
  expect(text).toBe(await theirs.metrics());
  expect(text).toContain(`${NAME}_bucket{le="0.005",route="/api/v1/me",method="GET",status_code="200"} 2`);
  // Merged with the process's registry as GET /metrics does (operations/metrics.ts).
  const merged = Registry.merge([new Registry(), ours]);
  expect(await merged.metrics()).toBe(await Registry.merge([new Registry(), theirs]).metrics());
});
