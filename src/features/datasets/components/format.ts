const counts = new Intl.NumberFormat();

export const formatCount = (n: number) => counts.format(n);

/** "1 row", "2,000 rows". */
export const plural = (n: number, one: string, many = `${one}s`) =>
  `${formatCount(n)} ${n === 1 ? one : many}`;
