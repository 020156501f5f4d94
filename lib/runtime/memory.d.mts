// Types of memory.mjs for the TypeScript side (tests).
export declare function applyHeapPolicy(growingPercent?: number): void;
export declare function fullCollection(): () => void;
export declare function startIdleCollector(options: {
  isBusy: () => boolean;
  collect?: () => void;
  idleMs?: number;
  now?: () => number;
  heapBytes?: () => number;
  minGrowthBytes?: number;
}): {
  noteActivity(): void;
  check(): void;
  stop(): void;
};
