/**
 * A small seeded PRNG (sfc32) so every sandbox run with the same seed produces the same data,
 * the same schedule picks and the same fault decisions.
 * Tests: test/sandbox/units.test.ts
 */
export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both inclusive. */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(probability: number): boolean;
  /** A string of `length` decimal digits, the first one not zero. */
  digits(length: number): string;
  /** A version-4 shaped UUID built from this stream. */
  uuid(): string;
  /** An independent stream derived from this seed and a label. */
  fork(label: string): Random;
}

/** FNV-1a over the parts: a stable 32-bit seed from numbers and labels. */
export function hashSeed(...parts: ReadonlyArray<string | number>): number {
  let hash = 0x811c9dc5;
  for (const part of parts) {
    const text = `${String(part)}\u0000`;
    for (let i = 0; i < text.length; i++) {
      hash ^= text.charCodeAt(i);
      hash = Math.imul(hash, 0x01000193) >>> 0;
    }
  }
  return hash >>> 0;
}

export function createRandom(seed: number): Random {
  let a = 0x9e3779b9;
  let b = 0x243f6a88;
  let c = 0xb7e15162;
  let d = seed >>> 0;
  const next32 = (): number => {
    a >>>= 0;
    b >>>= 0;
    c >>>= 0;
    d >>>= 0;
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return t >>> 0;
  };
  for (let i = 0; i < 15; i++) next32();

  const random: Random = {
    next: () => next32() / 4294967296,
    int: (min, max) => min + Math.floor(random.next() * (max - min + 1)),
    pick: (items) => {
      if (items.length === 0) throw new Error("pick from an empty list");
      return items[random.int(0, items.length - 1)] as (typeof items)[number];
    },
    chance: (probability) => random.next() < probability,
    digits: (length) => {
      let text = String(random.int(1, 9));
      while (text.length < length) text += String(random.int(0, 9));
      return text;
    },
    uuid: () => {
      const hex = Array.from({ length: 32 }, () => random.int(0, 15).toString(16));
      hex[12] = "4";
      hex[16] = "89ab"[random.int(0, 3)] as string;
      const s = hex.join("");
      return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
    },
    fork: (label) => createRandom(hashSeed(seed, label)),
  };
  return random;
}
