import { getHeapStatistics } from "node:v8";

/**
 * The highest V8 heap in use, sampled every 50 ms until stop(), which returns it in bytes.
 * (process.memoryUsage() reads /proc each time: sampled this often, it would cost the process measured.)
 */
export function heapHighWater(): { stop(): number } {
  const used = () => getHeapStatistics().used_heap_size;
  let high = used();
  const timer = setInterval(() => (high = Math.max(high, used())), 50);
  return {
    stop() {
      clearInterval(timer);
      return Math.max(high, used());
    },
  };
}
