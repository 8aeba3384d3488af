/** Every file over `maxFile` lines and every function over `maxFunction` lines under `dir`. */
export function findOversized(dir?: string, maxFile?: number, maxFunction?: number): string[];
