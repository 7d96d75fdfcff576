import http from "node:http";

/**
 * An open-loop load generator: requests leave on a fixed schedule whatever the answers do, so latency
 * at a given rate is measured as players would feel it (closed-loop tools send in bursts and hide
 * queueing). Latency counts from the scheduled start.
 */
export type OpenLoopResult = {
  sent: number;
  completed: number;
  failed: number;
  p50: number;
  p99: number;
  max: number;
};

export async function openLoop(options: {
  url: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  ratePerSecond: number;
  durationSeconds: number;
}): Promise<OpenLoopResult> {
  const target = new URL(options.url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const latencies: number[] = [];
  let failed = 0;
  const interval = 1000 / options.ratePerSecond;
  const total = Math.round(options.ratePerSecond * options.durationSeconds);
  const start = performance.now();
  const pending: Array<Promise<void>> = [];

  const send = (scheduledAt: number) =>
    new Promise<void>((resolve) => {
      const request = http.request(
        {
          host: target.hostname,
          port: target.port,
          path: target.pathname + target.search,
          method: options.method ?? "GET",
          headers: options.headers,
          agent,
        },
        (response) => {
          response.resume();
          response.on("end", () => {
            if ((response.statusCode ?? 500) >= 400) failed++;
            latencies.push(performance.now() - scheduledAt);
            resolve();
          });
        },
      );
      request.on("error", () => {
        failed++;
        resolve();
      });
      request.end(options.body);
    });

  for (let index = 0; index < total; index++) {
    const scheduledAt = start + index * interval;
    const wait = scheduledAt - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    pending.push(send(scheduledAt));
  }
  await Promise.all(pending);
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (fraction: number) =>
    Math.round(
      (latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * fraction))] ?? 0) * 10,
    ) / 10;
  return { sent: total, completed: latencies.length, failed, p50: at(0.5), p99: at(0.99), max: at(1) };
}
