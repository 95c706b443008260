import autocannon from 'autocannon';
import { type OperationName, type RequestOf } from '../src/api/contract';
import { operations } from '../src/api/contract/operations';
import { headersOf } from './api';

/**
 * Sequential requests over one keep-alive connection (Node's fetch), each timed from send
 * to the last byte of the body, after `warmup` untimed ones.
 */
export async function timeRequests(url: string, init: RequestInit, requests: number, warmup = 20): Promise<number[]> {
  const times: number[] = [];
  for (let index = 0; index < warmup + requests; index += 1) {
    const started = performance.now();
    const response = await fetch(url, init);
    await response.arrayBuffer();
    const elapsed = performance.now() - started;
    if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${new URL(url).pathname} answered ${response.status} while measuring its latency`);
    if (index >= warmup) times.push(elapsed);
  }
  return times;
}

/** An operation's latency: `requests` timed calls with the keys the dashboard sends (timeRequests). */
export async function measureLatency<Name extends OperationName>(
  baseUrl: string,
  name: Name,
  body: RequestOf<Name>,
  requests: number,
  warmup = 20,
): Promise<number[]> {
  const { path, method } = operations[name];
  return timeRequests(`${baseUrl}${path}`, { method, headers: headersOf(name), body: JSON.stringify(body) }, requests, warmup);
}

export interface Throughput {
  /** Successful responses per second. */
  perSecond: number;
  failed: number;
}

interface Load {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  seconds: number;
}

/** autocannon with 10 connections: a short warm-up, then the measured run. */
export async function measureThroughput({ url, method = 'GET', headers, body, seconds }: Load): Promise<Throughput> {
  const options = { url, method, headers, body, connections: 10, pipelining: 1 };
  await autocannon({ ...options, duration: Math.max(1, Math.round(seconds / 4)) });
  const result = await autocannon({ ...options, duration: seconds });
  const failed = result.non2xx + result.errors + result.timeouts;
  return { perSecond: result['2xx'] / result.duration, failed };
}

export function operationLoad<Name extends OperationName>(baseUrl: string, name: Name, body: RequestOf<Name>, seconds: number): Load {
  const { path, method } = operations[name];
  return { url: `${baseUrl}${path}`, method, headers: headersOf(name), body: JSON.stringify(body), seconds };
}
