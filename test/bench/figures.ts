/** The middle value (the upper of the two middles for an even count), as the benches report it. */
export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

export const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
