/**
 * A bundle's price split over its courses in proportion to their own prices (equally when all are free),
 * in whole paise that add up to the bundle's price exactly: the last course takes the rounding left over.
 * Each course's order line carries its share, so revenue per course and refunds stay course by course.
 */
export function shareBundlePrice(bundlePaise: number, coursePaise: readonly number[]): number[] {
  const listed = coursePaise.reduce((sum, paise) => sum + paise, 0);
  const shares = coursePaise.map((paise) =>
    Math.floor(listed === 0 ? bundlePaise / coursePaise.length : (bundlePaise * paise) / listed),
  );
  const given = shares.reduce((sum, share) => sum + share, 0);
  shares[shares.length - 1] = (shares[shares.length - 1] ?? 0) + bundlePaise - given;
  return shares;
}
