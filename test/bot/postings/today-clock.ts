/**
 * Deadlines for tests of today's board, the handover and batch labels: 23:59 Moscow today is
 * always today and never late, whatever the time of day the tests run ("now + 1 h" fell on
 * tomorrow late in the evening).
 */
export function laterToday(): Date {
  const moscow = new Date(Date.now() + 3 * 3_600_000);
  const end = Date.UTC(moscow.getUTCFullYear(), moscow.getUTCMonth(), moscow.getUTCDate(), 23, 59);
  return new Date(end - 3 * 3_600_000);
}
